import { LegalLayout } from './legal-layout';

export function PrivacyPolicyPage() {
  return (
    <LegalLayout title="Privacy Policy" updated="November 2026">
      <section>
        <h2>1. Who we are</h2>
        <p>
          Relate is a contact, company, task and calendar manager for small business teams. This policy
          explains what personal data we process when you use Relate, why, and the choices you have.
        </p>
      </section>
      <section>
        <h2>2. Data we collect</h2>
        <ul>
          <li>Account data: your name, e-mail address and a securely hashed password.</li>
          <li>
            Workspace data you enter: contacts, companies, projects, tasks, events, notes and custom fields.
          </li>
          <li>
            Connected services: when you connect Google, Telegram or WhatsApp, the identifiers and data needed
            to sync.
          </li>
          <li>
            Technical data: sign-in times, IP addresses and logs kept to secure and operate the service.
          </li>
        </ul>
      </section>
      <section>
        <h2>3. How we use it</h2>
        <p>
          We use your data only to provide Relate: to store and show your workspace, to sync with the services
          you connect, to send the notifications you ask for, to secure your account and to bill paid plans.
          We never sell personal data.
        </p>
      </section>
      <section>
        <h2>4. Sharing</h2>
        <p>
          Contacts you share go only to members of your own group whom you choose. We use processors (hosting,
          payment) bound by contract to process data only on our instructions.
        </p>
      </section>
      <section>
        <h2>5. Retention</h2>
        <ul>
          <li>Data of an inactive account may be anonymized or deleted after 12 months of inactivity.</li>
          <li>After your account is terminated, client data is kept for up to 60 days, then deleted.</li>
        </ul>
      </section>
      <section>
        <h2>6. Security</h2>
        <p>
          Passwords are hashed with argon2id, sessions use short-lived tokens, and all access to your data is
          checked on the server. Our service aims for 99% uptime.
        </p>
      </section>
      <section>
        <h2>7. Your rights</h2>
        <p>
          You may access, correct, export or delete your data at any time from the app or by contacting
          support. Relate is not intended for anyone under the age of 16.
        </p>
      </section>
      <section>
        <h2>8. Contact</h2>
        <p>Questions about this policy: privacy@relate.app.</p>
      </section>
    </LegalLayout>
  );
}
