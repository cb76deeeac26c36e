import { HistoryIcon, LogOutIcon, SettingsIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';

export function QuickActionsCard() {
  const { signOut } = useSession();
  const [signingOut, setSigningOut] = useState(false);
  const itemClass =
    'flex w-full items-center gap-3 rounded-lg border px-4 py-3 text-left font-medium text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2 disabled:opacity-60 [&_svg]:size-4 [&_svg]:text-muted-foreground';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2">
          <li>
            <Link to="/settings" className={itemClass}>
              <SettingsIcon aria-hidden="true" />
              Account Settings
            </Link>
          </li>
          <li>
            <Link to="/history" className={itemClass}>
              <HistoryIcon aria-hidden="true" />
              Generation History
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={itemClass}
              disabled={signingOut}
              onClick={async () => {
                setSigningOut(true);
                await signOut();
              }}
            >
              <LogOutIcon aria-hidden="true" />
              {signingOut ? 'Signing out…' : 'Sign Out'}
            </button>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
