import type { Me } from '../../../core/api';
import { MESSAGES } from '../../../core/messages';
import { useAppMeta } from '../../lib/meta';
import { generatorCardLine } from '../../lib/picture-drawer';
import { Generator } from '../generator/generator';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';

export function GenerateCard({ me }: { me: Me | null }) {
  const limit = me?.membership.imageLimit ?? null;
  const left = me && limit !== null ? Math.max(0, limit - me.membership.imageCount) : null;
  const line = generatorCardLine(useAppMeta().data);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Generate New Clipart</CardTitle>
        <CardDescription>
          {line}
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
