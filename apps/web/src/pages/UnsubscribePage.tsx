export function UnsubscribePage() {
  return <div className="p-8">Unsubscribe</div>;
}
