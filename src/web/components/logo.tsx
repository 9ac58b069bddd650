export function Logo({ className = 'size-8' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path d="M9 11h14l-1.5 12h-11z" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" />
      <path d="M12.5 11a3.5 3.5 0 0 1 7 0" fill="none" stroke="#fff" strokeWidth="2.2" />
    </svg>
  );
}
