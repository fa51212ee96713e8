/**
 * The route table of docs/product.md section 2. Home and the Not-found page are in the first download;
 * every other screen is its own chunk, so a visitor of / downloads only what / needs.
 */
import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Route, Switch, useLocation } from 'wouter';
import { queryClient as browserQueryClient } from '#client/lib/trpc.ts';
import { SessionProvider, useSession } from '#client/lib/session.tsx';
import { ConfirmProvider } from '#client/components/ui/confirm-dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { SiteLayout } from '#client/layouts/site-layout.tsx';
import { SkipLink } from '#client/layouts/skip-link.tsx';
import { AuthLayout } from '#client/layouts/auth-layout.tsx';
import { GuestOnly, RequireSession } from '#client/routing/require-session.tsx';
import { useRedirectParam } from '#client/pages/auth/use-redirect-param.ts';
import { ACCOUNT_ROLES, ADMIN_ROLES } from '#shared/value-sets.ts';
import { useScrollRestoration } from '#client/routing/scroll-manager.ts';
import { HomePage } from '#client/pages/home/home-page.tsx';
import { NotFoundPage } from '#client/pages/not-found/not-found-page.tsx';

/** A screen in its own chunk: React.lazy, plus preload() so a page the server rendered has its code before the browser takes it over. */
type LazyScreen<P extends object> = ComponentType<P> & { preload(): Promise<void> };

function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(async () => ({ default: (loaded ??= await load()) }));
  // Once loaded, the screen renders at once: hydrating a server-rendered page must not suspend,
  // or an update above it (the session probe) would make React throw the server's HTML away.
  const Screen = (props: P) => (loaded ? createElement(loaded, props) : createElement(Lazy as ComponentType<P>, props));
  return Object.assign(Screen, {
    preload: async () => {
      loaded ??= await load();
    },
  });
}

const AboutPage = lazyScreen(async () => (await import('#client/pages/about/about-page.tsx')).AboutPage);
const ServicesPage = lazyScreen(async () => (await import('#client/pages/services/services-page.tsx')).ServicesPage);
const GalleriesPage = lazyScreen(async () => (await import('#client/pages/galleries/galleries-page.tsx')).GalleriesPage);
const GalleryPage = lazyScreen(async () => (await import('#client/pages/galleries/gallery-page.tsx')).GalleryPage);
const ContactPage = lazyScreen(async () => (await import('#client/pages/contact/contact-page.tsx')).ContactPage);
const TermsPage = lazyScreen(async () => (await import('#client/pages/legal/legal-pages.tsx')).TermsPage);
const PrivacyPage = lazyScreen(async () => (await import('#client/pages/legal/legal-pages.tsx')).PrivacyPage);
const RegisterPage = lazyScreen(async () => (await import('#client/pages/auth/register-page.tsx')).RegisterPage);
const LoginPage = lazyScreen(async () => (await import('#client/pages/auth/login-page.tsx')).LoginPage);
const TwoFactorChallengePage = lazyScreen(
  async () => (await import('#client/pages/auth/two-factor-challenge-page.tsx')).TwoFactorChallengePage,
);
const ForgotPasswordPage = lazyScreen(async () => (await import('#client/pages/auth/forgot-password-page.tsx')).ForgotPasswordPage);
const ResetPasswordPage = lazyScreen(async () => (await import('#client/pages/auth/reset-password-page.tsx')).ResetPasswordPage);
const VerifyEmailPage = lazyScreen(async () => (await import('#client/pages/auth/verify-email-page.tsx')).VerifyEmailPage);
const ConfirmPasswordPage = lazyScreen(async () => (await import('#client/pages/auth/confirm-password-page.tsx')).ConfirmPasswordPage);
const QuotePage = lazyScreen(async () => (await import('#client/pages/quote/quote-page.tsx')).QuotePage);
const AccountArea = lazyScreen(async () => (await import('#client/pages/account/account-area.tsx')).AccountArea);
const AdminArea = lazyScreen(async () => (await import('#client/pages/admin/admin-area.tsx')).default);

/** The screen code a server-rendered public page needs (start.tsx loads it before hydrating). */
export function preloadPublicScreen(pathname: string): Promise<void> {
  const byPath: Record<string, { preload(): Promise<void> }> = {
    '/about': AboutPage,
    '/services': ServicesPage,
    '/galleries': GalleriesPage,
    '/contact': ContactPage,
    '/legal/terms': TermsPage,
    '/legal/privacy': PrivacyPage,
  };
  const screen = /^\/galleries\/[^/]+\/?$/.test(pathname) ? GalleryPage : byPath[pathname.replace(/(.)\/$/, '$1')];
  return screen ? screen.preload() : Promise.resolve();
}

function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner />
    </div>
  );
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

function AuthRoute({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Route path={path}>
      <AuthLayout>
        <Lazy>{children}</Lazy>
      </AuthLayout>
    </Route>
  );
}

/** A signed-in visitor of /login goes where signing in would have taken them. */
function GuestOnlyLogin() {
  const returnTo = useRedirectParam('/');
  return (
    <GuestOnly to={returnTo}>
      <LoginPage />
    </GuestOnly>
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
          <Route path="/" component={HomePage} />
          <Route path="/about" component={AboutPage} />
          <Route path="/services" component={ServicesPage} />
          <Route path="/galleries" component={GalleriesPage} />
          {/* Keyed by id: a different gallery is a new page, not a re-render of the old one. */}
          <Route path="/galleries/:id">{(params) => <GalleryPage key={params.id} id={params.id} />}</Route>
          <Route path="/contact" component={ContactPage} />
          <Route path="/quote" component={QuotePage} />
          <Route path="/legal/terms" component={TermsPage} />
          <Route path="/legal/privacy" component={PrivacyPage} />
          <AuthRoute path="/register">
            <GuestOnly to="/account">
              <RegisterPage />
            </GuestOnly>
          </AuthRoute>
          <AuthRoute path="/login">
            <GuestOnlyLogin />
          </AuthRoute>
          <AuthRoute path="/two-factor-challenge">
            <TwoFactorChallengePage />
          </AuthRoute>
          <AuthRoute path="/forgot-password">
            <ForgotPasswordPage />
          </AuthRoute>
          <Route path="/reset-password/:token">
            {(params) => (
              <AuthLayout>
                <Lazy>
                  <ResetPasswordPage token={params.token} />
                </Lazy>
              </AuthLayout>
            )}
          </Route>
          <AuthRoute path="/verify-email">
            <VerifyEmailPage />
          </AuthRoute>
          <Route path="/confirm-password">
            <RequireSession>
              <AuthLayout>
                <Lazy>
                  <ConfirmPasswordPage />
                </Lazy>
              </AuthLayout>
            </RequireSession>
          </Route>
          <Route path="/account" nest>
            <RequireSession roles={ACCOUNT_ROLES}>
              <AccountArea />
            </RequireSession>
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Lazy>
    </SiteLayout>
  );
}

function AppRoutes({ notFoundPath }: { notFoundPath: string | undefined }) {
  useScrollRestoration();
  return (
    <Switch>
      {/* The admin area has its own full-page layout with its own side menu. */}
      <Route path="/admin" nest>
        <RequireSession roles={ADMIN_ROLES}>
          <Lazy>
            <div id="main" tabIndex={-1} className="admin-root">
              <AdminArea />
            </div>
          </Lazy>
        </RequireSession>
      </Route>
      <Route>
        <SiteRoutes notFoundPath={notFoundPath} />
      </Route>
    </Switch>
  );
}

/** docs/product.md section 4: the routes render only once the current user has been asked for. */
function SessionGate({ children }: { children: ReactNode }) {
  const { isLoading } = useSession();
  return isLoading ? <PageLoading /> : <>{children}</>;
}

/** The whole client; the server renders it with a query client of its own per page (entry-server.tsx). */
export function App({ queryClient = browserQueryClient, notFoundPath }: { queryClient?: QueryClient; notFoundPath?: string | undefined }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ConfirmProvider>
          <SkipLink />
          <SessionGate>
            <AppRoutes notFoundPath={notFoundPath} />
          </SessionGate>
        </ConfirmProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
