export function DashboardPage() {
  return <div className="p-8">Dashboard</div>;
}
