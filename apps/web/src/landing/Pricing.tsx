import { buttonClasses } from '../components/ui/Button';
import { Icon } from '../components/ui/named-icon';
import { track } from '../lib/analytics';
import { SALES_EMAIL } from './links';
import { Container, SectionHeading } from './Section';
import { TrackedLink } from './TrackedLink';

interface Tier {
  id: 'free' | 'pro' | 'team';
  name: string;
  price: string;
  tagline: string;
  features: readonly string[];
  cta: string;
  popular?: boolean;
}

/** SPEC.md section 9, word for word. */
const TIERS: readonly Tier[] = [
  {
    id: 'free',
    name: 'Free',
    price: '$0',
    tagline: 'For trying ideas and personal automations.',
    features: ['3 workflows', '50 executions/month', 'Basic nodes', 'Community support'],
    cta: 'Start for free',
  },
  {
    id: 'pro',
    name: 'Pro',
    price: '$19',
    tagline: 'For builders who automate real work every day.',
    features: ['Unlimited workflows', '500 executions/month', 'All node types', 'Priority support', 'Custom nodes', 'API access'],
    cta: 'Start with Pro',
    popular: true,
  },
  {
    id: 'team',
    name: 'Team',
    price: '$99',
    tagline: 'For teams that run their operations on Weft.',
    features: ['Everything in Pro', '5,000 executions/month', 'Collaboration', 'SSO and SAML', 'SLA', 'Dedicated support'],
    cta: 'Contact Sales',
  },
];

function TierCta({ tier }: { tier: Tier }) {
  const classes = buttonClasses(tier.popular ? 'primary' : 'secondary', 'md', 'w-full');
  if (tier.id === 'team') {
    const href = `mailto:${SALES_EMAIL}?subject=${encodeURIComponent('Weft Team plan')}`;
    return (
      <a href={href} className={classes} onClick={() => track('cta_click', { name: 'pricing_team', destination: 'contact_sales' })}>
        {tier.cta}
      </a>
    );
  }
  return (
    <TrackedLink to="/login" name={`pricing_${tier.id}`} className={classes}>
      {tier.cta}
    </TrackedLink>
  );
}

export function Pricing() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple plans that grow with you"
          lead="Start free. Upgrade when your automations outgrow it."
        />
        <div className="mx-auto mt-10 flex max-w-2xl items-start gap-3 rounded-xl border border-brand/25 bg-brand-soft px-4 py-3 text-sm text-ink">
          <Icon name="sparkles" size={18} className="mt-0.5 shrink-0 text-brand" />
          <p>
            <strong className="font-semibold">Free preview:</strong> every feature of every plan is unlocked for everyone while Weft is in preview. Payment is
            coming later, and nobody will be charged without notice.
          </p>
        </div>
        <div className="mt-12 grid items-stretch gap-6 lg:grid-cols-3">
          {TIERS.map((tier) => (
            <article
              key={tier.id}
              aria-labelledby={`tier-${tier.id}`}
              className={`relative flex flex-col rounded-2xl border bg-surface p-7 ${
                tier.popular ? 'border-brand shadow-xl shadow-brand/10 ring-1 ring-brand lg:-my-3 lg:py-10' : 'border-line shadow-sm'
              }`}
            >
              {tier.popular && (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand px-3 py-1 text-xs font-semibold text-white shadow-sm">
                  Most Popular
                </span>
              )}
              <h3 id={`tier-${tier.id}`} className="text-lg font-semibold text-ink">
                {tier.name}
              </h3>
              <p className="mt-1 text-sm text-muted">{tier.tagline}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-5xl font-semibold tracking-tight text-ink">{tier.price}</span>
                <span className="text-sm text-muted">/month</span>
              </p>
              <div className="mt-6">
                <TierCta tier={tier} />
              </div>
              <ul className="mt-7 space-y-3 border-t border-line pt-7 text-sm">
                {tier.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-3 text-ink">
                    <Icon name="check" size={18} strokeWidth={2.2} className={`shrink-0 ${tier.popular ? 'text-brand' : 'text-ok'}`} />
                    {feature}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </Container>
    </section>
  );
}
