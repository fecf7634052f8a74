import { LegalLayout } from './legal-layout';

export function TermsOfServicePage() {
  return (
    <LegalLayout title="Terms of Service" updated="November 2026">
      <section>
        <h2>1. Acceptance</h2>
        <p>
          By creating an account or using Relate you agree to these terms. New accounts are activated once an
          administrator approves them.
        </p>
      </section>
      <section>
        <h2>2. Eligibility</h2>
        <p>You must be at least 16 years old to use Relate.</p>
      </section>
      <section>
        <h2>3. Your account and data</h2>
        <p>
          You are responsible for your credentials and for the data you put into Relate. You keep all rights
          to your data; you grant us only the rights needed to run the service for you.
        </p>
        <ul>
          <li>Data of an inactive account may be anonymized or deleted after 12 months of inactivity.</li>
          <li>
            After termination, client data is kept for up to 60 days so that you can export it, then deleted.
          </li>
        </ul>
      </section>
      <section>
        <h2>4. Plans, payment and cancellation</h2>
        <ul>
          <li>Paid plans are billed monthly in advance.</li>
          <li>You may cancel a paid plan with 7 days' notice before the next billing date.</li>
          <li>We may suspend an account whose payment is more than 14 days overdue.</li>
        </ul>
      </section>
      <section>
        <h2>5. Service levels and support</h2>
        <p>We aim for 99% uptime each month, excluding announced maintenance.</p>
        <ul>
          <li>Starter plan: support responses within 48 hours.</li>
          <li>Pro plan: support responses within 24 hours.</li>
          <li>Business plan: support responses within 8 hours.</li>
        </ul>
      </section>
      <section>
        <h2>6. Acceptable use</h2>
        <p>
          Do not use Relate to send spam, to break the law, or to store data you have no right to process. We
          may suspend accounts that do.
        </p>
      </section>
      <section>
        <h2>7. Liability</h2>
        <p>
          To the extent the law allows, our total liability for any claim is limited to the fees you paid us
          in the 12 months before the claim arose.
        </p>
      </section>
      <section>
        <h2>8. Governing law</h2>
        <p>These terms are governed by the laws of the State of Delaware, United States.</p>
      </section>
    </LegalLayout>
  );
}
