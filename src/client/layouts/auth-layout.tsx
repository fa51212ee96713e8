import type { ReactNode } from 'react';
import { PageHeader } from '#client/layouts/page-header.tsx';

/** docs/product.md: the sign-in screens live in one page titled "Create Account", each as a card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader title="Create Account" />
      <div className="auth-layout container">{children}</div>
    </>
  );
}

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card auth-card" aria-labelledby="auth-card-title">
      <h2 id="auth-card-title" className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
