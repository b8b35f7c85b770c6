export function LoginPage() {
  return <div className="p-8">Login</div>;
}
