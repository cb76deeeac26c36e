import { ArrowLeftIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageContainer } from '../components/page-shell';
import { PageTitle } from '../components/page-title';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { BLOG_POSTS, findBlogPost, formatPostDate } from '../content/blog-posts';

export default function BlogPostPage() {
  const { id } = useParams();
  const post = findBlogPost(id);

  if (!post) {
    return (
      <PageContainer size="md" className="text-center">
        <PageTitle title="Post not found" />
        <h1 className="font-bold text-3xl">Post not found</h1>
        <p className="mt-3 text-muted-foreground">That article does not exist or has moved.</p>
        <Button asChild className="mt-6">
          <Link to="/blog">See all posts</Link>
        </Button>
      </PageContainer>
    );
  }

  const others = BLOG_POSTS.filter((other) => other.id !== post.id);
  return (
    <PageContainer size="md">
      <PageTitle title={post.title} />
      <Link
        to="/blog"
        className="inline-flex items-center gap-1 rounded-sm font-medium text-primary text-sm hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        All posts
      </Link>
      <article className="mt-6">
        <header>
          <Badge variant="secondary">{post.category}</Badge>
          <h1 className="mt-3 text-balance font-bold text-3xl tracking-tight sm:text-4xl">{post.title}</h1>
          <p className="mt-3 text-muted-foreground">
            {post.author} · <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.readTime}
          </p>
        </header>
        <div
          className="mt-8 aspect-[16/9] w-full overflow-hidden rounded-xl border"
          style={{ backgroundColor: post.imageBackground }}
        >
          <img
            src={post.imageUrl}
            alt={post.imageAlt}
            width={512}
            height={512}
            className="size-full object-contain"
          />
        </div>
        <div className="prose-page mt-6">
          <p className="!text-foreground text-lg">{post.excerpt}</p>
          {post.body.map((block) =>
            block.startsWith('## ') ? <h2 key={block}>{block.slice(3)}</h2> : <p key={block}>{block}</p>,
          )}
        </div>
      </article>
      <aside aria-labelledby="more-heading" className="mt-14 border-t pt-8">
        <h2 id="more-heading" className="font-semibold text-lg">
          More from the blog
        </h2>
        <ul className="mt-4 flex flex-col gap-3">
          {others.map((other) => (
            <li key={other.id}>
              <Link to={`/blog/${other.id}`} className="rounded-sm font-medium text-primary hover:underline">
                {other.title}
              </Link>
            </li>
          ))}
        </ul>
      </aside>
    </PageContainer>
  );
}
