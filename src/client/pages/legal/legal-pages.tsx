import { PageHeader } from '#client/layouts/page-header.tsx';
import { Widget } from '#client/components/widget/widget.tsx';

function LegalPage({ title, widget }: { title: string; widget: string }) {
  return (
    <>
      <PageHeader title={title} />
      <section className="section container narrow">
        <Widget name={widget} />
      </section>
    </>
  );
}

export function TermsPage() {
  return <LegalPage title="Terms and Conditions" widget="Terms" />;
}

export function PrivacyPage() {
  return <LegalPage title="Privacy Policy" widget="PrivacyPolicy" />;
}
