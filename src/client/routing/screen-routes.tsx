/**
 * The client's routes, made from the route table (src/shared/screens.ts): each entry's path, its
 * layout, its guard (from its access) and its title; the screens' code from screen-components.tsx. The
 * account and admin areas are nested routers guarded as a whole, so an unknown path inside one is
 * the area's own not-found, for those allowed in.
 */
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Route, Switch, useLocation } from 'wouter';
import {
  areaAt,
  areaOf,
  SCREEN_AREAS,
  SCREEN_LIST,
  type ScreenAccess,
  type ScreenArea,
  type ScreenEntry,
  type ScreenId,
  type ScreenLayout,
  shopTitle,
} from '#shared/screens.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SiteLayout } from '#client/layouts/site-layout.tsx';
import { AuthLayout } from '#client/layouts/auth-layout.tsx';
import { GuestOnly, RequireSession } from '#client/routing/require-session.tsx';
import { useRedirectParam } from '#client/pages/auth/use-redirect-param.ts';
import { useScrollRestoration } from '#client/routing/scroll-manager.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import { trpc } from '#client/lib/trpc.ts';
import { useShop } from '#client/lib/shop.ts';
import { NotFoundPage } from '#client/pages/not-found/not-found-page.tsx';
import { preloadableLazy, SCREEN_COMPONENTS, type ScreenParams } from './screen-components.tsx';
import { screenPath } from '#shared/screen-paths.ts';

const loadAccountArea = () => import('#client/pages/account/account-area.tsx');
const loadAdminArea = () => import('#client/pages/admin/admin-area.tsx');
const AccountLayout = preloadableLazy(async () => (await loadAccountArea()).AccountLayout);
const AdminLayout = preloadableLazy(async () => (await loadAdminArea()).AdminLayout);
const AdminNotFound = preloadableLazy(async () => (await loadAdminArea()).AdminNotFound);

/** Loads the layout of the area `pathname` is in (start.tsx, before the first render); never fails. */
export function prefetchAreaAt(pathname: string): Promise<void> {
  const area = areaAt(pathname);
  const layouts = area === 'account' ? [AccountLayout] : area === 'admin' ? [AdminLayout, AdminNotFound] : [];
  return Promise.all(layouts.map((layout) => layout.preload())).then(
    () => undefined,
    () => undefined,
  );
}

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner />
    </div>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** A gallery page's title is the gallery's name (the same query as the page: no second request). */
function GalleryTitle({ id }: { id: string | undefined }) {
  const galleryId = Number(id);
  const isValidId = Number.isInteger(galleryId) && galleryId > 0;
  const query = useQuery({ ...trpc.galleries.get.queryOptions({ id: galleryId }), enabled: isValidId });
  usePageTitle(query.data?.name);
  return null;
}

function StaticTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

/** The home page's title: what the shop does and where, from its record (already in the cache). */
function ShopTitle() {
  const shop = useShop();
  usePageTitle(shop && shopTitle(shop));
  return null;
}

/** The document title the entry declares, or derives (a screen showing a not-found page inside sets its own after this). */
function ScreenTitle({ title, params }: { title: ScreenEntry['title']; params: ScreenParams }) {
  if (typeof title === 'string') return <StaticTitle title={title} />;
  return title.from === 'shop' ? <ShopTitle /> : <GalleryTitle id={params.id} />;
}

/** A signed-in visitor of a guests' screen goes where signing in would have taken them. */
function GuestsOnly({ to, children }: { to: string | undefined; children: ReactNode }) {
  const returnTo = useRedirectParam(screenPath('home'));
  return <GuestOnly to={to ?? returnTo}>{children}</GuestOnly>;
}

function Guarded({ access, signedInTo, children }: { access: ScreenAccess; signedInTo?: string; children: ReactNode }) {
  if (access === 'public') return <>{children}</>;
  if (access === 'guest') return <GuestsOnly to={signedInTo}>{children}</GuestsOnly>;
  if (access === 'staff') return <RequireSession staff>{children}</RequireSession>;
  return <RequireSession {...(access === 'signedIn' ? {} : { roles: access.roles })}>{children}</RequireSession>;
}

/**
 * One entry's screen: its title and its code, and outside an area (which has its own) its layout
 * and guard. A new parameter value is a new page, not a re-render of the old one.
 */
function ScreenElement({ screen, params }: { screen: ScreenEntry & { id: ScreenId }; params: ScreenParams }) {
  const Screen = SCREEN_COMPONENTS[screen.id];
  const page = (
    <>
      <ScreenTitle title={screen.title} params={params} />
      <Screen key={Object.values(params).join('/')} {...params} />
    </>
  );
  // Inside an area (guarded as a whole), a screen naming a permission admits only those holding it:
  // a staff role without it is turned away as a customer would be.
  if (areaOf(screen)) {
    return screen.permission ? (
      <RequireSession staff permission={screen.permission}>
        {page}
      </RequireSession>
    ) : (
      page
    );
  }
  return (
    <Guarded access={screen.access} {...(screen.signedInTo ? { signedInTo: screen.signedInTo } : {})}>
      {screen.layout === 'auth' ? (
        <AuthLayout>
          <Lazy>{page}</Lazy>
        </AuthLayout>
      ) : (
        page
      )}
    </Guarded>
  );
}

/** The path's named parameters (wouter's also has them by position). */
function namedParams(pattern: string, params: ScreenParams): ScreenParams {
  return Object.fromEntries([...pattern.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => [name!, params[name!] ?? '']));
}

/** The routes of the entries in `layouts`, their paths relative to `base` (a nested router's). */
function screenRoutes(layouts: readonly ScreenLayout[], base = '') {
  return SCREEN_LIST.filter((screen) => layouts.includes(screen.layout)).map((screen) => (
    <Route key={screen.id} path={screen.path.slice(base.length) || '/'}>
      {(params: ScreenParams) => <ScreenElement screen={screen} params={namedParams(screen.path, params)} />}
    </Route>
  ));
}

/** An area's guard, around its layout and routes. */
function AreaGuard({ area, children }: { area: ScreenArea; children: ReactNode }) {
  return <Guarded access={SCREEN_AREAS[area].access}>{children}</Guarded>;
}

/** An area's screens, relative to its path, and its own not-found for any other path inside it. */
function AreaScreens({ area, notFound }: { area: ScreenArea; notFound: ComponentType }) {
  return (
    <Switch>
      {screenRoutes([area], SCREEN_AREAS[area].path)}
      <Route component={notFound} />
    </Switch>
  );
}

/** `notFoundPath`: the address the server answered 404 for (its HTML shows the not-found page, whatever route the address would match). */
function SiteRoutes({ notFoundPath }: { notFoundPath: string | undefined }) {
  const [location] = useLocation();
  if (notFoundPath !== undefined && location === notFoundPath) {
    return (
      <SiteLayout>
        <NotFoundPage />
      </SiteLayout>
    );
  }
  return (
    <SiteLayout>
      <Lazy>
        <Switch>
          {screenRoutes(['site', 'auth'])}
          <Route path={SCREEN_AREAS.account.path} nest>
            <AreaGuard area="account">
              <AccountLayout>
                <Lazy>
                  <AreaScreens area="account" notFound={NotFoundPage} />
                </Lazy>
              </AccountLayout>
            </AreaGuard>
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Lazy>
    </SiteLayout>
  );
}

export function AppRoutes({ notFoundPath }: { notFoundPath: string | undefined }) {
  useScrollRestoration();
  return (
    <Switch>
      {/* The admin area has its own full-page layout with its own side menu. */}
      <Route path={SCREEN_AREAS.admin.path} nest>
        <AreaGuard area="admin">
          <Lazy>
            <div id="main" tabIndex={-1} className="admin-root">
              <AdminLayout>
                <Suspense fallback={<Spinner />}>
                  <AreaScreens area="admin" notFound={AdminNotFound} />
                </Suspense>
              </AdminLayout>
            </div>
          </Lazy>
        </AreaGuard>
      </Route>
      <Route>
        <SiteRoutes notFoundPath={notFoundPath} />
      </Route>
    </Switch>
  );
}
