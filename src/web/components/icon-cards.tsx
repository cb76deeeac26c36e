import type { LucideIcon } from 'lucide-react';

export type IconCard = { icon: LucideIcon; title: string; body: string };

/** Cards of an icon, a title and a sentence or two (the landing page's features, About's values). */
export function IconCards({ cards, className }: { cards: IconCard[]; className: string }) {
  return (
    <ul className={className}>
      {cards.map((card) => (
        <li key={card.title} className="rounded-xl border bg-card p-6 shadow-sm">
          <span className="inline-flex size-11 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
            <card.icon className="size-5" aria-hidden="true" />
          </span>
          <h3 className="mt-4 font-semibold text-lg">{card.title}</h3>
          <p className="mt-2 text-muted-foreground leading-relaxed">{card.body}</p>
        </li>
      ))}
    </ul>
  );
}
