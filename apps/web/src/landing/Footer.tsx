import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../components/Logo';
import { SocialIcon } from '../components/ui/named-icon';
import { openCookieSettings } from '../lib/consent';
import { SOCIAL_LINKS } from './links';
import { Container } from './Section';

const linkClass = 'text-sm text-muted transition-colors hover:text-ink';

/** A footer entry: a page of the site, or an action (the cookie settings open in place). */
type FooterLink = { label: string; to: string } | { label: string; onClick(): void };

const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Gallery', to: '/gallery' },
      { label: 'Docs', to: '/docs' },
      { label: 'Pricing', to: '/#pricing' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Getting started', to: '/docs#getting-started' },
      { label: 'Node reference', to: '/docs#node-reference' },
      { label: 'REST API', to: '/docs#api' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms', to: '/terms' },
      { label: 'Cookie settings', onClick: openCookieSettings },
    ],
  },
];

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold text-ink">{title}</h2>
      <ul className="mt-4 space-y-3">{children}</ul>
    </nav>
  );
}

/** Site footer for every public page. */
export function Footer() {
  return (
    // Inside <main>, a footer is not a landmark by itself; this is the site footer.
    <footer role="contentinfo" className="mt-auto border-t border-line bg-canvas">
      <Container className="py-14">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
          <div className="max-w-xs">
            <Link to="/" className="inline-flex items-center gap-2 text-base font-semibold text-ink">
              <LogoMark size={26} />
              Weft
            </Link>
            <p className="mt-4 text-sm leading-relaxed text-muted">Visual AI workflow automation that you host yourself. Build it, run it, schedule it.</p>
            <ul className="mt-6 flex gap-2">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={social.label}
                    className="flex h-9 w-9 items-center justify-center rounded-lg border border-line bg-surface text-muted transition-colors hover:border-brand/40 hover:text-ink"
                  >
                    <SocialIcon name={social.name} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          {COLUMNS.map((column) => (
            <Column key={column.title} title={column.title}>
              {column.links.map((link) => (
                <li key={link.label}>
                  {'to' in link ? (
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  ) : (
                    <button type="button" onClick={link.onClick} className={linkClass}>
                      {link.label}
                    </button>
                  )}
                </li>
              ))}
            </Column>
          ))}
        </div>
        <div className="mt-12 flex flex-col gap-3 border-t border-line pt-8 text-sm text-subtle sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Weft. Free preview: all features unlocked.</p>
          <p>Self-hosted: your workflows and data stay on this server.</p>
        </div>
      </Container>
    </footer>
  );
}
