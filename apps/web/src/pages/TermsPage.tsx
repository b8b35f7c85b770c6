export function TermsPage() {
  return <div className="p-8">Terms</div>;
}
