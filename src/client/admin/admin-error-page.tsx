import { RouteErrorMessage } from '#client/ui/route-error.tsx';

/** An unexpected error in the back office: say so and offer a reload. */
export function AdminErrorPage() {
  return (
    <main className="app-main">
      <RouteErrorMessage />
    </main>
  );
}
