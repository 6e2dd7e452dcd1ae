import { pageMessages, publicPageMessages } from '@store/shared';
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <p className="text-7xl font-extrabold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{pageMessages.notFound}</h1>
      <p className="mt-3 text-base-content/70">{publicPageMessages.notFoundHint}</p>
      <Link to="/" className="btn btn-primary mt-8">
        {publicPageMessages.backHome}
      </Link>
    </div>
  );
}
