import { RouteErrorMessage } from '#client/ui/route-error.tsx';
import { AppFrame } from '../layout.tsx';

/** The generic page for an unexpected application error, inside the app frame. */
export function ErrorPage() {
  return (
    <AppFrame>
      <RouteErrorMessage />
    </AppFrame>
  );
}
