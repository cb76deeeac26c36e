import type { Me } from '../../../core/api';
import { MESSAGES } from '../../../core/messages';
import { Generator } from '../generator/generator';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';

export function GenerateCard({ me }: { me: Me | null }) {
  const limit = me?.membership.imageLimit ?? null;
  const left = me && limit !== null ? Math.max(0, limit - me.membership.imageCount) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Generate New Clipart</CardTitle>
        <CardDescription>
          Create custom clipart using AI.
          {left !== null && (
            <>
              {' '}
              <span data-testid="generations-left">{MESSAGES.generationsLeft(left)}</span>
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Generator returnTo="/dashboard" />
      </CardContent>
    </Card>
  );
}
