import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../components/button';
import { BarChartIcon, KeyIcon, LogOutIcon, SlidersIcon, StoreIcon, UserIcon } from '../components/icons';
import { MenuButton } from '../components/menu-button';
import { Logo } from '../components/logo';
import { PageDock } from '../components/page-dock';
import { DelistBadge } from '../entities/channels/delist-badge';
import { useItemsSummary } from '../entities/items/use-items-summary';
import { useSignOut } from '../features/auth/api/sign-out';
import type { SessionUser } from '../features/auth/api/session';
import { paths } from './config/paths';
import { tell } from '@/lib/told';

const headerLinkClass =
  'inline-flex h-11 min-w-11 shrink-0 select-none items-center justify-center gap-1.5 rounded-xl px-2 text-sm font-semibold text-slate-700 sm:h-9 sm:min-w-0 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:px-3';

/** The header's pages: an icon on a phone, the icon and its short name on a wider screen. */
const headerLinks = [
  { to: paths.channels, label: 'Marketplaces', short: 'Marketplaces', Icon: StoreIcon },
  { to: paths.profit, label: 'Profit', short: 'Profit', Icon: BarChartIcon },
  { to: paths.priceList, label: 'Your price list', short: 'Price list', Icon: SlidersIcon },
] as const;

/** The signed-in frame: product name, staged count, the screens' links, Change Password and Sign Out (a menu on a phone). */
export function AppShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const summary = useItemsSummary();
  const signOut = useSignOut();
  const navigate = useNavigate();
  // Unknown until the first answer (offline, say): hidden rather than a wrong "0 staged".
  const staged = summary.data?.stagedCount;
  const changePassword = () => void navigate(paths.changePassword);
  const signOutNow = () => tell(signOut, undefined, { onSuccess: () => void navigate(paths.dashboard, { replace: true }) });

  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        {/* A phone's header holds every link the README names (Price list too), so its gaps are narrow. */}
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-2 sm:gap-3 sm:px-6">
          <Link
            to={paths.dashboard}
            className="flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600 sm:min-w-0 sm:shrink lg:shrink-0"
          >
            <Logo className="size-7 shrink-0 sm:size-8" />
            {/* A phone keeps the header for its buttons: the name is read out, the logo seen. */}
            <span className="sr-only truncate text-base font-bold tracking-tight text-slate-900 sm:not-sr-only sm:text-lg">
              Resale Studio
            </span>
          </Link>
          {staged !== undefined && (
            <span
              className="shrink-0 whitespace-nowrap rounded-full bg-indigo-50 px-2 py-0.5 sm:px-2.5 sm:py-1 text-xs font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200"
              data-testid="staged-count"
              title="Staged products"
            >
              {staged} staged
            </span>
          )}
          <DelistBadge />
          {/* On a wide screen the e-mail gives way first (truncated) when the header is full: the links never do. */}
          <div className="ml-auto flex shrink-0 items-center sm:gap-2 lg:min-w-0 lg:shrink">
            <span className="hidden max-w-48 truncate text-sm text-slate-500 lg:inline" title={user.email}>
              {user.email}
            </span>
            {headerLinks.map(({ to, label, short, Icon }) => (
              <Link key={to} to={to} aria-label={label} className={headerLinkClass}>
                <Icon className="size-5" />
                <span className="hidden sm:inline">{short}</span>
              </Link>
            ))}
            {/* A phone's header has room for four icons beside the counts: the account's two actions share a menu there. */}
            <MenuButton
              label="Account"
              trigger={<UserIcon className="size-5" />}
              className="inline-flex h-11 min-w-11 shrink-0 items-center justify-center rounded-xl text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:hidden"
            >
              <Button variant="ghost" role="menuitem" tabIndex={-1} onClick={changePassword}>
                <KeyIcon className="size-5" />
                Change Password
              </Button>
              <Button variant="ghost" role="menuitem" tabIndex={-1} loading={signOut.isPending} onClick={signOutNow}>
                {!signOut.isPending && <LogOutIcon className="size-5" />}
                Sign Out
              </Button>
            </MenuButton>
            <div className="hidden shrink-0 items-center gap-2 sm:flex">
              <Button variant="ghost" size="sm" onClick={changePassword} aria-label="Change Password" className="shrink-0 px-3">
                <KeyIcon className="size-5" />
                <span>Change Password</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                loading={signOut.isPending}
                onClick={signOutNow}
                aria-label="Sign Out"
                className="shrink-0 px-3"
              >
                {!signOut.isPending && <LogOutIcon className="size-5" />}
                <span>Sign Out</span>
              </Button>
            </div>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <PageDock />
        {children}
      </main>
    </div>
  );
}
