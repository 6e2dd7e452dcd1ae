import { publicPageMessages as m } from '@store/shared';
import { blogPosts } from '../posts';

export default function BlogsPage() {
  return (
    <div className="mx-auto max-w-3xl px-6 py-12">
      <header className="mb-10">
        <h1 className="text-4xl font-bold">{m.blogsTitle}</h1>
        <p className="mt-3 text-base-content/70">{m.blogsIntro}</p>
        <nav aria-label={m.blogsQuestions} className="mt-6">
          <ol className="list-decimal space-y-1 pl-6">
            {blogPosts.map((post) => (
              <li key={post.id}>
                <a href={`#${post.id}`} className="link link-primary">
                  {post.question}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </header>
      <div className="space-y-12">
        {blogPosts.map((post) => (
          <section
            key={post.id}
            id={post.id}
            aria-labelledby={`${post.id}-title`}
            className="scroll-mt-20"
            data-testid="blog-section"
          >
            <h2 id={`${post.id}-title`} className="text-2xl font-bold">
              <strong className="text-primary">{m.question}</strong> {post.question}
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed text-base-content/85">
              {post.blocks.map((block, i) =>
                block.code ? (
                  // Wrapped, not scrolled: a box that scrolls must take keyboard focus (WCAG),
                  // and on a phone every snippet is wider than the screen.
                  <pre
                    key={i}
                    className="whitespace-pre-wrap break-words rounded-box bg-neutral p-4 text-sm text-neutral-content"
                  >
                    <code>{block.text}</code>
                  </pre>
                ) : (
                  <p key={i}>{block.text}</p>
                ),
              )}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
