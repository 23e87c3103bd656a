/** Small line icons for the bottom navigation (decorative: the tab label names the tab). */
const PATHS: Record<string, string> = {
  Home: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18m0 4a5 5 0 1 0 0 10a5 5 0 1 0 0-10',
  Practice: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M10 8.5v7l6-3.5z',
  Share: 'M16 6l-4-4-4 4M12 2v13M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7',
  Progress: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  Community:
    'M9 11a4 4 0 1 0 0-8a4 4 0 1 0 0 8M2 21a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M22 21a5 5 0 0 0-4-4.9',
  Profile: 'M12 12a4.5 4.5 0 1 0 0-9a4.5 4.5 0 1 0 0 9M4 21a8 8 0 0 1 16 0',
  Marketplace: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M15.5 8.5l-2 5-5 2 2-5z',
  Create: 'M12 5v14M5 12h14',
};

export function NavIcon({ name }: { name: string }) {
  const d = PATHS[name];
  if (!d) return null;
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
