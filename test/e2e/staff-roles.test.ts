/**
 * Staff roles in the browser at 390 px (docs/decisions/staff-roles.md): the owner, an estimator,
 * a technician and an editor each sign in, land on their first screen, and find in the Menu drawer
 * exactly the screens the permission table opens to them; a screen outside it sends them away.
 */
import { describe, expect, test } from 'vitest';
import { PHONE, useJourney } from './support/journey.ts';
import { createUser } from './support/api.ts';
import { signIn } from './support/flows.ts';
import { atPath, visible } from './support/ui.ts';

const j = useJourney(import.meta.filename);

const EVERY_ITEM = [
  'Dashboard',
  'Quote requests',
  'Estimate settings',
  'Bookings',
  'Repairs',
  'Customer feedback',
  'Users',
  'Testimonials',
  'Widgets',
  'Galleries',
  'Shop details',
  'Notifications',
  'Repair stages',
  'Insurers',
  'Outgoing mail',
  'Activity log',
  'Bin',
  'System',
];

const ROLES = [
  { name: 'owner', role: 'admin', staffRole: null, landing: '/admin', menu: EVERY_ITEM, closed: null },
  {
    name: 'estimator',
    role: 'user',
    staffRole: 'estimator',
    landing: '/admin',
    menu: [
      'Dashboard',
      'Quote requests',
      'Estimate settings',
      'Bookings',
      'Repairs',
      'Customer feedback',
      'Users',
      'Repair stages',
      'Insurers',
    ],
    closed: '/admin/widgets',
  },
  { name: 'technician', role: 'user', staffRole: 'technician', landing: '/admin/repairs', menu: ['Repairs'], closed: '/admin/quotes' },
  {
    name: 'editor',
    role: 'user',
    staffRole: 'editor',
    landing: '/admin/widgets',
    menu: ['Testimonials', 'Widgets', 'Galleries', 'Shop details'],
    closed: '/admin/quotes',
  },
] as const;

describe('staff roles at 390 px', () => {
  for (const role of ROLES) {
    test(`the ${role.name} lands on ${role.landing} and the menu lists only their screens`, async () => {
      const admin = await j.adminApi();
      const user = await createUser(admin, { firstname: `Staff ${role.name}`, role: role.role });
      if (role.staffRole) await admin.expect('PUT', `/api/users/${user.id}/staff-role`, [200], { staff_role: role.staffRole });
      const { page } = await j.newContext({ viewport: PHONE });

      await j.step('signs in and lands on their first screen', async () => {
        await signIn(page, j.server.baseUrl, user.email, user.password, role.landing);
      });
      await j.step('the Menu drawer holds exactly the screens the table opens', async () => {
        await page.getByRole('button', { name: 'Menu' }).click();
        const nav = page.getByRole('navigation', { name: 'Admin' });
        await visible(nav.getByRole('link', { name: 'Back to the website' }));
        const items = (await nav.getByRole('link').allTextContents()).map((text) => text.replace(/\s*\d[\d,]*\s*new$/, '').trim());
        expect(items.filter((item) => item !== 'Back to the website')).toEqual([...role.menu]);
      });
      if (role.closed) {
        await j.step(`${role.closed} is not theirs: they are sent away`, async () => {
          await page.goto(j.url(role.closed));
          await atPath(page, '/');
        });
      }
    });
  }
});
