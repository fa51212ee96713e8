/**
 * Walks the WHOLE appRouter and calls every procedure as anonymous, as a signed-in user with an
 * unverified e-mail, as a user, a member, an admin, and an admin who confirmed the password,
 * asserting what each may do. The table must name every procedure: a procedure added later
 * fails this test until someone decides who may call it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyProcedure } from '@trpc/server';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { actingAs, callerFor, createGallery, createUser } from '#test/support/factories.ts';
import { appRouter, uploadRoutes } from '#server/router.ts';
import { appErrorOf, isStaffProcedure, type ProcedureMeta } from '#server/trpc.ts';
import { STAFF_ROLES, type StaffRole } from '#shared/value-sets.ts';
import { STAFF_PERMISSIONS, type Permission } from '#shared/permissions.ts';
import type { AppErrorCode } from '#shared/errors.ts';

type Level = 'public' | 'guest' | 'signedIn' | 'verified' | 'confirmed' | 'admin' | 'hiddenGallery';
type Role = 'anonymous' | 'unverified' | 'user' | 'member' | 'admin' | 'confirmedAdmin' | StaffRole;
interface Case {
  level: Level;
  /** For a public procedure whose staff part checks a permission inside (galleries.list's hidden ones). */
  permission?: Permission;
  /** A value, or a function of the fixtures that returns one. */
  input: unknown;
  note?: string;
}
interface Fixtures {
  visibleGalleryId: number;
  hiddenGalleryId: number;
}

const NONE = 999_999;
const roles: Role[] = ['anonymous', 'unverified', 'user', 'member', 'admin', 'confirmedAdmin', ...STAFF_ROLES];

/** Who may call what. Inputs are harmless: unknown ids or invalid fields past the access check. */
const table: Record<string, Case[]> = {
  'session.csrfCookie': [{ level: 'public', input: {} }],
  'session.register': [{ level: 'guest', input: {} }],
  'session.login': [{ level: 'guest', input: {} }],
  'session.twoFactorChallenge': [{ level: 'guest', input: {} }],
  'session.requestEmailCode': [{ level: 'guest', input: {} }],
  'session.emailCodeLogin': [{ level: 'guest', input: {} }],
  'passkeys.list': [{ level: 'signedIn', input: {} }],
  'passkeys.status': [{ level: 'signedIn', input: {} }],
  'passkeys.registrationOptions': [{ level: 'confirmed', input: {} }],
  'passkeys.add': [{ level: 'confirmed', input: {} }],
  'passkeys.rename': [{ level: 'signedIn', input: { id: NONE, name: 'x' } }],
  'passkeys.remove': [{ level: 'confirmed', input: { id: NONE } }],
  'passkeys.loginOptions': [{ level: 'guest', input: {} }],
  'passkeys.login': [{ level: 'guest', input: {} }],
  'session.logout': [{ level: 'signedIn', input: {} }],
  'session.me': [{ level: 'signedIn', input: {} }],
  'session.current': [{ level: 'public', input: {} }],
  'session.updateProfile': [{ level: 'verified', input: {} }],
  'session.forgotPassword': [{ level: 'guest', input: {} }],
  'session.resetPassword': [{ level: 'guest', input: {} }],
  'session.thisWasntMe': [{ level: 'guest', input: {} }],
  'session.resendVerification': [{ level: 'signedIn', input: {} }],
  // Needs the signed-in user the link was made for (checked inside the procedure).
  'session.verifyEmail': [{ level: 'signedIn', input: { id: String(NONE), hash: 'x', expires: '1', signature: 'x' } }],
  'session.confirmPassword': [{ level: 'signedIn', input: {} }],
  'session.confirmedPasswordStatus': [{ level: 'signedIn', input: {} }],
  'session.confirmationPasskeyOptions': [{ level: 'signedIn', input: {} }],
  'session.confirmWithPasskey': [{ level: 'signedIn', input: {} }],
  'session.requestConfirmationCode': [{ level: 'signedIn', input: {} }],
  'session.confirmWithEmailCode': [{ level: 'signedIn', input: {} }],
  'session.changePassword': [{ level: 'verified', input: {} }],
  'session.deviceSessions': [{ level: 'signedIn', input: {} }],
  'session.signOutDevice': [{ level: 'signedIn', input: { id: 'not-a-session' } }],
  'session.signOutOtherDevices': [{ level: 'signedIn', input: {} }],
  // No password: refused with a 422 after the access check, so nobody is deleted.
  'session.deleteAccount': [{ level: 'signedIn', input: {} }],
  'session.exportData': [{ level: 'signedIn', input: {} }],
  'twoFactor.enable': [{ level: 'confirmed', input: {} }],
  'twoFactor.qrCode': [{ level: 'confirmed', input: {} }],
  'twoFactor.secretKey': [{ level: 'confirmed', input: {} }],
  'twoFactor.confirm': [{ level: 'confirmed', input: {} }],
  'twoFactor.recoveryCodes': [{ level: 'confirmed', input: {} }],
  'twoFactor.regenerateRecoveryCodes': [{ level: 'confirmed', input: {} }],
  'twoFactor.disable': [{ level: 'confirmed', input: {} }],

  'widgets.byKey': [
    { level: 'public', input: { x: 'HomeText1' }, note: 'by name' },
    { level: 'admin', permission: 'content', input: { x: String(NONE) }, note: 'by id' },
  ],
  'widgets.list': [{ level: 'admin', input: {} }],
  'widgets.create': [{ level: 'admin', input: {} }],
  'widgets.update': [{ level: 'admin', input: { id: NONE } }],
  'widgets.delete': [{ level: 'admin', input: { x: NONE } }],
  'testimonials.list': [{ level: 'public', input: {} }],
  'testimonials.get': [{ level: 'admin', input: { id: NONE } }],
  'testimonials.create': [{ level: 'admin', input: {} }],
  'testimonials.update': [{ level: 'admin', input: { id: NONE } }],
  'testimonials.delete': [{ level: 'admin', input: { id: NONE } }],
  'shop.get': [{ level: 'public', input: {} }],
  'shop.update': [{ level: 'admin', input: {} }],
  'shop.choices': [{ level: 'admin', input: {} }],
  // GEOCODER_URL is unset in tests: an admin gets the "not set up" answer, no request leaves.
  'shop.geocode': [{ level: 'admin', input: { postcode: 'TR18 4AB', country: 'GB' } }],
  'shop.checklist': [{ level: 'admin', input: {} }],
  'shop.dismissChecklist': [{ level: 'admin', input: {} }],
  'galleries.list': [
    { level: 'public', input: { hidden: false }, note: 'visible ones' },
    { level: 'admin', permission: 'content', input: {}, note: 'all' },
    { level: 'admin', permission: 'content', input: { limit: 12, page: 0 }, note: 'paged' },
    { level: 'admin', permission: 'content', input: { hidden: true }, note: 'hidden ones' },
  ],
  'galleries.get': [
    { level: 'public', input: (f: Fixtures) => ({ id: f.visibleGalleryId }), note: 'visible' },
    { level: 'hiddenGallery', input: (f: Fixtures) => ({ id: f.hiddenGalleryId }), note: 'hidden' },
  ],
  'galleries.create': [{ level: 'admin', input: {} }],
  'galleries.addImage': [{ level: 'admin', input: {} }],
  'galleries.update': [{ level: 'admin', input: { id: NONE } }],
  'galleries.delete': [{ level: 'admin', input: { id: NONE } }],
  'galleries.reorderImages': [{ level: 'admin', input: { id: NONE, images: [] } }],
  'galleries.updateImage': [{ level: 'admin', input: { id: NONE } }],
  'galleries.rotateImage': [{ level: 'admin', input: { id: NONE } }],
  'galleries.deleteImage': [{ level: 'admin', input: { id: NONE } }],
  'versions.history': [{ level: 'admin', input: { kind: 'widget', id: NONE } }],
  'versions.restore': [{ level: 'admin', input: { id: NONE } }],
  'versions.version': [{ level: 'admin', input: { id: NONE } }],
  'versions.draft': [{ level: 'admin', input: { kind: 'widget', id: NONE } }],
  'versions.saveWidgetDraft': [{ level: 'admin', input: { id: NONE } }],
  'versions.saveTestimonialDraft': [{ level: 'admin', input: { id: NONE } }],
  'versions.saveShopDraft': [{ level: 'admin', input: {} }],
  'versions.publishDraft': [{ level: 'admin', input: { kind: 'widget', id: NONE } }],
  'versions.discardDraft': [{ level: 'admin', input: { kind: 'widget', id: NONE } }],
  'versions.scheduleChange': [{ level: 'admin', input: { kind: 'widget', id: NONE, action: 'revert', date: '2099-01-01', time: '09:00' } }],
  'versions.scheduledChanges': [{ level: 'admin', input: {} }],
  'versions.cancelScheduledChange': [{ level: 'admin', input: { id: NONE } }],
  'users.list': [{ level: 'admin', input: {} }],
  'users.create': [{ level: 'admin', input: {} }],
  'users.get': [{ level: 'admin', input: { id: NONE } }],
  'users.update': [{ level: 'admin', input: { id: NONE } }],
  'users.setStaffRole': [{ level: 'admin', input: { id: NONE, staff_role: null } }],
  'users.staffRole': [{ level: 'admin', input: { id: NONE } }],
  'users.delete': [{ level: 'admin', input: { id: NONE } }],
  'users.cvLink': [{ level: 'admin', input: { id: NONE } }],
  'users.invite': [{ level: 'admin', input: { email: 'invited@example.com', name: 'Invited Person', staff_role: 'editor' } }],
  'users.invitations': [{ level: 'admin', input: {} }],
  'users.revokeInvitation': [{ level: 'admin', input: { id: NONE } }],
  'users.invitation': [{ level: 'guest', input: { token: 'x' } }],
  'users.acceptInvitation': [{ level: 'guest', input: {} }],
  'users.invitationPasskeyOptions': [{ level: 'guest', input: { token: 'x' } }],
  'users.acceptInvitationWithPasskey': [{ level: 'guest', input: {} }],
  // Counted by the per-address limit before the input is read; no input: a 422, nothing stored.
  'quotes.create': [{ level: 'public', input: {} }],
  'quotes.admin.list': [{ level: 'admin', input: {} }],
  'quotes.admin.counts': [{ level: 'admin', input: {} }],
  'quotes.admin.get': [{ level: 'admin', input: { id: NONE } }],
  'quotes.admin.update': [{ level: 'admin', input: { id: NONE } }],
  'quotes.admin.delete': [{ level: 'admin', input: { id: NONE } }],
  'quotes.admin.reply': [{ level: 'admin', input: { id: NONE } }],
  'dashboard.get': [{ level: 'admin', input: {} }],
  'dashboard.counts': [{ level: 'admin', input: {} }],
  'dashboard.mine': [{ level: 'signedIn', input: {} }],
  // Owners only: no staff role holds 'notifications'.
  'notifications.admin.get': [{ level: 'admin', input: {} }],
  'notifications.admin.update': [{ level: 'admin', input: {} }],
  // A customer's own only: someone else's id is a 404 (test/quotes/quote-requests.test.ts).
  'outgoingMail.list': [{ level: 'admin', input: {} }],
  'outgoingMail.summary': [{ level: 'admin', input: {} }],
  'outgoingMail.resend': [{ level: 'admin', input: { id: '00000000-0000-4000-8000-000000000000' } }],
  'repairJobs.admin.board': [{ level: 'admin', input: {} }],
  'repairJobs.admin.create': [{ level: 'admin', input: {} }],
  'repairJobs.admin.get': [{ level: 'admin', input: { id: NONE } }],
  'repairJobs.admin.move': [{ level: 'admin', input: { id: NONE } }],
  'repairJobs.admin.changePromisedDate': [{ level: 'admin', input: { id: NONE } }],
  'repairJobs.admin.addNote': [{ level: 'admin', input: { id: NONE } }],
  'repairJobs.admin.addPhotos': [{ level: 'admin', input: { id: NONE } }],
  'repairJobs.admin.sharePhoto': [{ level: 'admin', input: { id: NONE } }],
  'repairJobs.admin.revokeTracker': [{ level: 'admin', input: { id: NONE } }],
  'repairJobs.admin.listStages': [{ level: 'admin', input: {} }],
  'repairJobs.admin.addStage': [{ level: 'admin', input: {} }],
  'repairJobs.admin.renameStage': [{ level: 'admin', input: { id: NONE } }],
  'repairJobs.admin.removeStage': [{ level: 'admin', input: { id: NONE } }],
  'repairJobs.admin.reorderStages': [{ level: 'admin', input: {} }],
  // The link is the permission: a token that is not ours is a 404 for everyone (test/repair-jobs).
  'repairJobs.getTracker': [{ level: 'public', input: { token: 'x'.repeat(43) } }],
  'repairJobs.sendTrackerMessage': [{ level: 'public', input: { token: 'x'.repeat(43) } }],
  // A customer's own only: someone else's id is a 404 (test/repair-jobs/repair-tracker.test.ts).
  'repairJobs.mine': [{ level: 'signedIn', input: {} }],
  'repairJobs.sendMyMessage': [{ level: 'signedIn', input: { id: NONE } }],
  // The link is the permission: a token that is not ours is a 404 for everyone (test/reviews).
  'reviews.page': [{ level: 'public', input: { token: 'x'.repeat(43) } }],
  'reviews.feedback': [{ level: 'public', input: { token: 'x'.repeat(43) } }],
  'reviews.admin.pending': [{ level: 'admin', input: {} }],
  'reviews.admin.approve': [{ level: 'admin', input: { id: NONE } }],
  'reviews.admin.reject': [{ level: 'admin', input: { id: NONE } }],
  'quotes.mine': [{ level: 'signedIn', input: {} }],
  // The private link is the permission (test/estimates/estimates.test.ts: a link opens only its estimate).
  'estimates.byToken': [{ level: 'public', input: { token: 'x'.repeat(43) } }],
  'estimates.accept': [{ level: 'public', input: { token: 'x'.repeat(43) } }],
  'estimates.decline': [{ level: 'public', input: { token: 'x'.repeat(43) } }],
  'estimates.mine': [{ level: 'signedIn', input: {} }],
  'estimates.admin.settings': [{ level: 'admin', input: {} }],
  'estimates.admin.updateSettings': [{ level: 'admin', input: {} }],
  'estimates.admin.get': [{ level: 'admin', input: { id: NONE } }],
  'estimates.admin.saveDraft': [{ level: 'admin', input: { id: NONE } }],
  'estimates.admin.send': [{ level: 'admin', input: { id: NONE } }],
  'estimates.pdf': [{ level: 'public', input: { token: 'x'.repeat(43) } }],
  'estimates.admin.pdf': [{ level: 'admin', input: { id: NONE } }],
  // Insurance: the `insurance` permission (owners and estimators); test/insurance/insurance.test.ts.
  'insurance.admin.insurers': [{ level: 'admin', input: {} }],
  'insurance.admin.addInsurer': [{ level: 'admin', input: {} }],
  'insurance.admin.renameInsurer': [{ level: 'admin', input: { id: NONE, name: 'x' } }],
  'insurance.admin.deactivateInsurer': [{ level: 'admin', input: { id: NONE } }],
  'insurance.admin.claim': [{ level: 'admin', input: { matter: 'quote-requests', id: NONE } }],
  'insurance.admin.saveClaim': [{ level: 'admin', input: { matter: 'quote-requests', id: NONE } }],
  'insurance.admin.recordAuthority': [{ level: 'admin', input: { matter: 'repair-jobs', id: NONE } }],
  'insurance.admin.removeClaim': [{ level: 'admin', input: { matter: 'repair-jobs', id: NONE } }],
  'insurance.admin.pack': [{ level: 'admin', input: { matter: 'repair-jobs', id: NONE } }],
  // Invoices: the `invoices` permission (owners and estimators); a customer's own only, another's a 404
  // (test/invoices/invoices.test.ts); the tracker link is the permission for its job's documents.
  'invoices.admin.ofJob': [{ level: 'admin', input: { id: NONE } }],
  'invoices.admin.issue': [{ level: 'admin', input: { id: NONE } }],
  'invoices.admin.creditNote': [{ level: 'admin', input: { id: NONE, reason: 'x' } }],
  'invoices.admin.pdf': [{ level: 'admin', input: { id: NONE } }],
  'invoices.admin.export': [{ level: 'admin', input: { from: '2026-01-01', to: '2026-01-02' } }],
  'invoices.mine': [{ level: 'signedIn', input: {} }],
  'invoices.minePdf': [{ level: 'signedIn', input: { id: NONE } }],
  'invoices.trackerPdf': [{ level: 'public', input: { token: 'x'.repeat(43), id: NONE } }],
  // Payments: the private link is the permission (a token not ours is a 404); the account's own
  // only (another's id is a 404); the shop's side is the `payments` permission (owners and
  // estimators). test/payments/payments.test.ts.
  'payments.manageDeposit': [{ level: 'public', input: { token: 'unknown-token' } }],
  'payments.manageDepositCheckout': [{ level: 'public', input: { token: 'unknown-token' } }],
  'payments.trackerCheckout': [{ level: 'public', input: { token: 'x'.repeat(43) } }],
  'payments.myBookingDepositCheckout': [{ level: 'signedIn', input: { id: NONE } }],
  'payments.myRepairCheckout': [{ level: 'signedIn', input: { id: NONE } }],
  'payments.admin.ofJob': [{ level: 'admin', input: { id: NONE } }],
  'payments.admin.recordJobPayment': [{ level: 'admin', input: { id: NONE } }],
  'payments.admin.ofBooking': [{ level: 'admin', input: { id: NONE } }],
  'payments.admin.recordBookingPayment': [{ level: 'admin', input: { id: NONE } }],
  'payments.admin.refund': [{ level: 'admin', input: { id: NONE } }],
  'quotes.mineById': [{ level: 'signedIn', input: { id: NONE } }],
  'system.status': [{ level: 'admin', input: undefined }],
  'bookings.types': [{ level: 'public', input: {} }],
  'bookings.summary': [{ level: 'public', input: {} }],
  'bookings.availability': [{ level: 'public', input: { type_id: NONE, from: '2026-12-01', to: '2026-12-02' } }],
  // Invalid fields: refused with a 422 after the access check, so nothing is booked.
  'bookings.create': [{ level: 'public', input: {} }],
  // The private link's token is the access: an unknown one is a 404 for everyone.
  'bookings.manageGet': [{ level: 'public', input: { token: 'unknown-token' } }],
  'bookings.manageReschedule': [{ level: 'public', input: { token: 'unknown-token', starts_at: '2026-12-01T10:00:00Z' } }],
  'bookings.manageCancel': [{ level: 'public', input: { token: 'unknown-token' } }],
  'bookings.manageRequestChange': [{ level: 'public', input: { token: 'unknown-token', message: 'Later, please' } }],
  'threads.manageThread': [{ level: 'public', input: { token: 'unknown-token' } }],
  'threads.sendManageMessage': [{ level: 'public', input: { token: 'unknown-token', message: 'Hello' } }],
  // Another customer's quote answers 404 like an unknown one (test/threads/my-threads.test.ts).
  'threads.mine.read': [{ level: 'verified', input: { id: NONE } }],
  'threads.mine.send': [{ level: 'verified', input: { id: NONE, message: 'Hello' } }],
  'threads.admin.quoteThread': [{ level: 'admin', input: { id: NONE } }],
  'threads.admin.replyToQuote': [{ level: 'admin', input: { id: NONE, message: 'Hello' } }],
  'threads.admin.quoteThreadDone': [{ level: 'admin', input: { id: NONE } }],
  'threads.admin.bookingThread': [{ level: 'admin', input: { id: NONE } }],
  'threads.admin.replyToBooking': [{ level: 'admin', input: { id: NONE, message: 'Hello' } }],
  'threads.admin.bookingThreadDone': [{ level: 'admin', input: { id: NONE } }],
  'threads.admin.repairJobThread': [{ level: 'admin', input: { id: NONE } }],
  'threads.admin.replyToRepairJob': [{ level: 'admin', input: { id: NONE, message: 'Hello' } }],
  'threads.admin.repairJobThreadDone': [{ level: 'admin', input: { id: NONE } }],
  'bookings.mine': [{ level: 'signedIn', input: {} }],
  'bookings.admin.listTypes': [{ level: 'admin', input: {} }],
  'bookings.admin.createType': [{ level: 'admin', input: {} }],
  'bookings.admin.updateType': [{ level: 'admin', input: { id: NONE } }],
  'bookings.admin.getSettings': [{ level: 'admin', input: {} }],
  'bookings.admin.updateSettings': [{ level: 'admin', input: {} }],
  'bookings.admin.listBlockedTimes': [{ level: 'admin', input: {} }],
  'bookings.admin.listBankHolidays': [{ level: 'admin', input: {} }],
  'bookings.admin.availability': [{ level: 'admin', input: { type_id: NONE, from: '2026-12-01', to: '2026-12-02' } }],
  'bookings.admin.setBankHolidayOpen': [{ level: 'admin', input: {} }],
  'bookings.admin.addBlockedTime': [{ level: 'admin', input: {} }],
  'bookings.admin.deleteBlockedTime': [{ level: 'admin', input: { id: NONE } }],
  'bookings.admin.listClashes': [{ level: 'admin', input: {} }],
  'bookings.admin.cancelClashing': [{ level: 'admin', input: {} }],
  'bookings.admin.list': [{ level: 'admin', input: {} }],
  'bookings.admin.create': [{ level: 'admin', input: {} }],
  'bookings.admin.counts': [{ level: 'admin', input: {} }],
  'bookings.admin.get': [{ level: 'admin', input: { id: NONE } }],
  'bookings.admin.move': [{ level: 'admin', input: { id: NONE } }],
  'bookings.admin.cancel': [{ level: 'admin', input: { id: NONE } }],
  'bookings.admin.mark': [{ level: 'admin', input: { id: NONE } }],
  'bookings.admin.decideChange': [{ level: 'admin', input: { id: NONE } }],
  // The activity log and the bin: admins only; no procedure edits or deletes an entry.
  'activity.list': [{ level: 'admin', input: {} }],
  'activity.people': [{ level: 'admin', input: {} }],
  'activity.csv': [{ level: 'admin', input: {} }],
  'bin.list': [{ level: 'admin', input: {} }],
  // An id that is not in the bin: a 409 after the access check, nothing restored or deleted.
  'bin.restore': [{ level: 'admin', input: { kind: 'gallery', id: NONE } }],
  'bin.delete': [{ level: 'admin', input: { kind: 'testimonial', id: NONE } }],
};

const ACCESS_CODES: AppErrorCode[] = ['UNAUTHENTICATED', 'FORBIDDEN', 'EMAIL_NOT_VERIFIED', 'PASSWORD_CONFIRMATION_REQUIRED'];

/** The access error a role must get at a level, 'allowed' when it passes, or 'any' (not asserted). */
function expected(level: Level, role: Role, permission: Permission | undefined): AppErrorCode | 'allowed' | 'any' {
  const signedIn = role !== 'anonymous';
  const verified = signedIn && role !== 'unverified';
  const owner = role === 'admin' || role === 'confirmedAdmin';
  // A staff role passes a staff procedure when the permission table gives it the procedure's permission.
  const staff = (STAFF_ROLES as readonly string[]).includes(role) ? STAFF_PERMISSIONS[role as StaffRole] : [];
  const isAdmin = owner || (permission !== undefined && staff.includes(permission));
  switch (level) {
    case 'public':
      return 'allowed';
    case 'guest':
      // Meant for visitors; what a signed-in caller gets is the session area's decision.
      return signedIn ? 'any' : 'allowed';
    case 'signedIn':
      return signedIn ? 'allowed' : 'UNAUTHENTICATED';
    case 'verified':
      return !signedIn ? 'UNAUTHENTICATED' : verified ? 'allowed' : 'EMAIL_NOT_VERIFIED';
    case 'confirmed':
      if (!signedIn) return 'UNAUTHENTICATED';
      if (!verified) return 'EMAIL_NOT_VERIFIED';
      return role === 'confirmedAdmin' ? 'allowed' : 'PASSWORD_CONFIRMATION_REQUIRED';
    case 'admin':
      return !signedIn ? 'UNAUTHENTICATED' : isAdmin ? 'allowed' : 'FORBIDDEN';
    case 'hiddenGallery':
      return owner || staff.includes('content') ? 'allowed' : 'NOT_FOUND';
  }
}

let t: TestApp;
let fixtures: Fixtures;
const userIds = {} as Record<Exclude<Role, 'anonymous'>, number>;

beforeAll(async () => {
  t = await createTestApp();
  userIds.unverified = (await createUser(t.deps.db, { verified: false })).id;
  userIds.user = (await createUser(t.deps.db)).id;
  userIds.member = (await createUser(t.deps.db, { role: 'member' })).id;
  userIds.admin = (await createUser(t.deps.db, { role: 'admin' })).id;
  userIds.confirmedAdmin = (await createUser(t.deps.db, { role: 'admin' })).id;
  for (const staffRole of STAFF_ROLES) userIds[staffRole] = (await createUser(t.deps.db, { staff_role: staffRole })).id;
  fixtures = {
    visibleGalleryId: (await createGallery(t.deps.db, t.deps.storage)).gallery.id,
    hiddenGalleryId: (await createGallery(t.deps.db, t.deps.storage, { hidden: true })).gallery.id,
  };
});
afterAll(async () => {
  await t?.close();
});

const procedures = Object.keys(appRouter._def.procedures).sort();
const procedureOf = (p: string) => (appRouter._def.procedures as unknown as Record<string, AnyProcedure>)[p]!;

describe('the authorization table', () => {
  it('names every procedure of appRouter, and nothing else', () => {
    expect(
      procedures.filter((p) => !(p in table)),
      'procedures missing from the table',
    ).toEqual([]);
    expect(
      Object.keys(table).filter((p) => !procedures.includes(p)),
      'table entries with no procedure',
    ).toEqual([]);
  });
});

describe('the permission table', () => {
  // A staff procedure without a permission would be the owners' only by accident, never by decision.
  it('every staff procedure declares the permission it needs', () => {
    const missing = procedures.filter((p) => {
      const procedure = procedureOf(p);
      return isStaffProcedure(procedure) && !(procedure._def.meta as ProcedureMeta | undefined)?.permission;
    });
    expect(missing).toEqual([]);
    expect(procedures.filter((p) => isStaffProcedure(procedureOf(p))).length).toBeGreaterThan(80);
  });
});

const permissionOf = (p: string) => (procedureOf(p)._def.meta as ProcedureMeta | undefined)?.permission;

describe.each(procedures)('%s', (procedure) => {
  const cases = table[procedure] ?? [];
  it.each(cases.flatMap((c) => roles.map((role) => ({ ...c, role }))))(
    '$level ($note) as $role',
    async ({ level, input, role, permission }) => {
      const caller =
        role === 'anonymous' ? await callerFor(t) : await callerFor(t, userIds[role], { passwordConfirmed: role === 'confirmedAdmin' });
      const fn = procedure.split('.').reduce<unknown>((acc, key) => (acc as Record<string, unknown>)[key], caller) as (
        input: unknown,
      ) => Promise<unknown>;
      const resolved = typeof input === 'function' ? (input as (f: Fixtures) => unknown)(fixtures) : input;
      let code: AppErrorCode | 'allowed';
      try {
        await fn(resolved);
        code = 'allowed';
      } catch (error) {
        code = appErrorOf(error).code;
      }
      const want = expected(level, role, permission ?? permissionOf(procedure));
      if (want === 'any') return;
      if (want === 'allowed') expect(ACCESS_CODES, `${procedure} as ${role} was refused with ${code}`).not.toContain(code);
      else expect(code).toBe(want);
    },
  );
});

describe('upload routes', () => {
  // An upload path is a procedure's: the table's level is its access.
  it.each(uploadRoutes.map((r) => ({ method: r.method, path: r.path, access: table[r.procedure]![0]!.level })))(
    '$method $path ($access)',
    async ({ method, path, access }) => {
      const url = path.replace(/\{[^}]+\}/g, String(NONE));
      const anon = new TestClient(t.app);
      await anon.csrf();
      const anonymous = await anon.request(method, url, { json: {} });
      const user = new TestClient(t.app);
      await actingAs(t, user, userIds.user);
      const asUser = await user.request(method, url, { json: {} });
      if (access === 'admin') {
        expect(anonymous.status).toBe(401);
        expect(asUser.status).toBe(403);
        const admin = new TestClient(t.app);
        await actingAs(t, admin, userIds.admin);
        expect([401, 403]).not.toContain((await admin.request(method, url, { json: {} })).status);
      } else if (access !== 'public' && access !== 'guest') {
        expect(anonymous.status).toBe(401);
      }
    },
  );
});
