import { useState } from 'react';

/** Long descriptions (over 280 characters) start folded to four lines, with Show more / Show less. */
const FOLD_AT = 280;

export function ListingDescription({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > FOLD_AT;
  return (
    <div>
      <p
        className={`whitespace-pre-line text-sm leading-relaxed text-slate-700 ${long && !expanded ? 'line-clamp-4' : ''}`}
        data-testid="listing-description"
      >
        {text}
      </p>
      {long && (
        <button
          type="button"
          className="mt-1 text-sm font-medium text-indigo-600 hover:text-indigo-800"
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
