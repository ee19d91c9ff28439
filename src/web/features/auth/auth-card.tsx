import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageSelect } from '../../components/layout/language-select';
import { companyName, useDocumentTitle } from '../../lib/company';

/** The centred card that the login, sign-up and change-password screens share. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-svh flex-col items-center justify-center bg-ink-950 bg-gradient-to-b from-ink-950 to-ink-800 px-4 py-10">
      <main className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <Link to="/" className="mb-4 flex items-center gap-2 rounded-md text-white">
            <span className="flex size-10 items-center justify-center rounded-lg bg-gold-500 text-ink-950">
              <ShieldCheck aria-hidden="true" className="size-6" />
            </span>
            <span className="text-lg font-semibold tracking-tight">{companyName()}</span>
          </Link>
        </div>
        <div className="rounded-2xl bg-surface p-6 shadow-xl sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-ink-900">{title}</h1>
          <p className="mt-1 text-sm text-muted">{subtitle}</p>
          <div className="mt-6">{children}</div>
        </div>
        <LanguageSelect tone="dark" className="mx-auto mt-4 max-w-64" />
      </main>
    </div>
  );
}
