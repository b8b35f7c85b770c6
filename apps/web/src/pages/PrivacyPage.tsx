export function PrivacyPage() {
  return <div className="p-8">Privacy</div>;
}
