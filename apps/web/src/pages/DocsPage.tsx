export function DocsPage() {
  return <div className="p-8">Docs</div>;
}
