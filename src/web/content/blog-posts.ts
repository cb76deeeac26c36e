export type BlogPost = {
  id: string;
  title: string;
  excerpt: string;
  author: string;
  /** ISO date. */
  date: string;
  readTime: string;
  imageUrl: string;
  imageAlt: string;
  /** The drawing's own background colour, to fill the wide frame around the square picture. */
  imageBackground: string;
  category: string;
  /** Paragraphs; a string starting with '## ' is a subheading. */
  body: string[];
};

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    id: 'writing-prompts-for-clipart',
    title: 'Five habits of great clipart prompts',
    excerpt:
      'Short, concrete and about the subject: how to describe a picture so the first result is the one you wanted.',
    author: 'Maya Chen',
    date: '2025-05-12',
    readTime: '4 min read',
    imageUrl: '/samples/robot-assistant.svg',
    imageAlt: 'A friendly robot assistant holding a clipboard',
    imageBackground: '#eff6ff',
    category: 'Tips',
    body: [
      'Clipart works best when it says one thing clearly. The same is true of the sentence you type. Here are five habits we see in the prompts that land on the first try.',
      '## 1. Lead with the subject',
      'Start with what the picture is of: “a sleepy koala”, “a stack of pancakes”. Details come after. The model weighs the first words most.',
      '## 2. Add one action or mood',
      '“A sleepy koala hugging a pillow” gives the picture a story. Two or three actions compete and the result gets busy.',
      '## 3. Skip the background',
      'Every Clipsmith picture gets a clean background automatically, and phrases like “on a white background” are removed before drawing. Spend your words on the subject instead.',
      '## 4. Let the theme do the styling',
      'Instead of writing “in watercolor style”, pick the Watercolor theme. Themes apply the same look to every picture, which keeps a set consistent.',
      '## 5. Iterate in small steps',
      'If a result is close, change one word and generate again. Your history keeps every version, so nothing is lost.',
    ],
  },
  {
    id: 'classroom-stickers',
    title: 'Making reward stickers for the classroom',
    excerpt:
      'A teacher’s workflow: a themed set of twelve stickers, printed and cut in an afternoon with the sticker cut-out download.',
    author: 'Daniel Okafor',
    date: '2025-04-28',
    readTime: '6 min read',
    imageUrl: '/samples/cartoon-cat.svg',
    imageAlt: 'A cute cartoon cat waving',
    imageBackground: '#fff7ed',
    category: 'Guides',
    body: [
      'Reward stickers work best when they belong together: same style, same mood, different characters. Here is how one of our members, a primary school teacher, makes a new set every term.',
      '## Pick a theme for the whole set',
      'Choose one style theme, say Comic Book, and keep it for every sticker. The set will look designed, not collected.',
      '## Write the prompts in a batch',
      'List twelve subjects first: “a proud owl with a gold star”, “a cheering cat”, “a rocket giving a thumbs up”. Then generate them one after another.',
      '## Download the sticker cut-out',
      'The sticker version adds a white outline around the subject, which gives a cutting machine, or a pair of scissors, a forgiving edge. Download at 1024 pixels for prints up to about 8 cm.',
      '## Keep it private if you like',
      'Pictures of a class project can be made private, so they never appear in the Explore gallery.',
    ],
  },
  {
    id: 'choosing-the-right-file-format',
    title: 'PNG, WebP, JPEG or SVG? Choosing the right file',
    excerpt:
      'Every picture downloads in four formats and sizes from 128 to 2048 pixels (1024 on Free). Here is which one to pick, and when.',
    author: 'Sofia Lindqvist',
    date: '2025-03-17',
    readTime: '5 min read',
    imageUrl: '/samples/space-rocket.svg',
    imageAlt: 'A rocket blasting off past a ringed planet',
    imageBackground: '#eef2ff',
    category: 'Product',
    body: [
      'The download menu offers four formats. They all show the same picture; they differ in where they work best.',
      '## PNG: the safe default',
      'Transparent background, sharp edges, works everywhere: slides, documents, design tools. Pick PNG when in doubt.',
      '## WebP: for the web',
      'Also transparent, but noticeably smaller. Use it for blog posts and websites where page speed matters.',
      '## JPEG: for photos and email',
      'No transparency, so the background is white, but every app on earth opens it. Good for e-mail attachments and older tools.',
      '## SVG: for print and cutting machines',
      'A vector version that scales to any size without blurring. Ideal for vinyl cutters, large prints and further editing in a vector app.',
      '## Which size?',
      '512 pixels suits chat apps and small web images; 1024 is right for slides and most prints; 2048 (Basic and above) is for posters and close-up detail.',
    ],
  },
];

export function findBlogPost(id: string | undefined): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.id === id);
}

export function formatPostDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
