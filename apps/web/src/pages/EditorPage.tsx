export function EditorPage() {
  return <div className="p-8">Editor</div>;
}
