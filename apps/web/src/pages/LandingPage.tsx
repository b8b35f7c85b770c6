import { CallToAction } from '../landing/CallToAction';
import { FeatureGrid } from '../landing/FeatureGrid';
import { Footer } from '../landing/Footer';
import { Hero } from '../landing/Hero';
import { HowItWorks } from '../landing/HowItWorks';
import { NewsletterSection } from '../landing/NewsletterSection';
import { PreviewBanner } from '../landing/PreviewBanner';
import { Pricing } from '../landing/Pricing';
import { TemplateTeaser } from '../landing/TemplateTeaser';
import { useDocumentTitle } from '../landing/useDocumentTitle';
import { useScrollToHash } from '../landing/useScrollToHash';

/** The public landing page (SPEC.md section 2): sections in the order the spec lists them. */
export function LandingPage() {
  useDocumentTitle('Weft — visual AI workflow automation');
  useScrollToHash();
  return (
    <div className="flex flex-1 flex-col">
      <PreviewBanner />
      <Hero />
      <TemplateTeaser />
      <FeatureGrid />
      <HowItWorks />
      <Pricing />
      <CallToAction />
      <NewsletterSection />
      <Footer />
    </div>
  );
}
