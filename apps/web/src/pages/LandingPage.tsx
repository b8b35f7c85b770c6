export function LandingPage() {
  return <div className="p-8">Landing</div>;
}
