import { ArrowRightIcon, ClockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer, PageHero } from '../components/page-shell';
import { Badge } from '../components/ui/badge';
import { BLOG_POSTS, formatPostDate } from '../content/blog-posts';

export default function BlogPage() {
  return (
    <>
      <PageHero
        title="Clipsmith Blog"
        documentTitle="Blog"
        eyebrow="Ideas and guides"
        description="Prompt tips, member projects and notes on what we are building."
      />
      <PageContainer size="xl">
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {BLOG_POSTS.map((post) => (
            <li key={post.id}>
              <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
                <div className="aspect-[16/10] w-full" style={{ backgroundColor: post.imageBackground }}>
                  <img
                    src={post.imageUrl}
                    alt=""
                    width={512}
                    height={512}
                    loading="lazy"
                    className="size-full object-contain"
                  />
                </div>
                <div className="flex flex-1 flex-col p-6">
                  <div className="flex items-center gap-2 text-muted-foreground text-sm">
                    <Badge variant="secondary">{post.category}</Badge>
                    <span className="inline-flex items-center gap-1">
                      <ClockIcon className="size-3.5" aria-hidden="true" />
                      {post.readTime}
                    </span>
                  </div>
                  <h2 className="mt-3 font-semibold text-xl leading-snug">
                    <Link to={`/blog/${post.id}`} className="rounded-sm after:absolute after:inset-0">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="mt-2 flex-1 text-muted-foreground leading-relaxed">{post.excerpt}</p>
                  <p className="mt-4 flex items-center justify-between text-sm">
                    <span className="text-muted-foreground">
                      {post.author} · <time dateTime={post.date}>{formatPostDate(post.date)}</time>
                    </span>
                    <ArrowRightIcon
                      className="size-4 text-primary transition-transform group-hover:translate-x-1"
                      aria-hidden="true"
                    />
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </PageContainer>
    </>
  );
}
