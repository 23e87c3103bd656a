import type { ShareStats } from '../../domain/share/shareStats';
import { dayKey } from '../../domain/stats';

/**
 * The progress card (docs/product.md § Sharing and community): an 800x600 PNG drawn on a
 * canvas from the user's own figures. A figure that was not measured is left out.
 */

const CARD_WIDTH = 800;
const CARD_HEIGHT = 600;

/** 'pneuma-stats-2026-11-23.png' (the day in the user's time zone). */
export function cardFileName(date: Date, timeZone: string): string {
  return `pneuma-stats-${dayKey(date, timeZone)}.png`;
}

const FONT = 'ui-sans-serif, system-ui, "Segoe UI", Roboto, Arial, sans-serif';

function roundedRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function figure(ctx: CanvasRenderingContext2D, x: number, y: number, value: string, label: string) {
  ctx.fillStyle = 'rgba(255, 255, 255, 0.12)';
  roundedRect(ctx, x, y, 160, 130, 18);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.font = `700 46px ${FONT}`;
  ctx.fillText(value, x + 20, y + 66, 130);
  ctx.fillStyle = '#cde9e6';
  ctx.font = `500 20px ${FONT}`;
  ctx.fillText(label, x + 20, y + 104, 130);
}

function drawStatsCard(
  ctx: CanvasRenderingContext2D,
  stats: ShareStats,
  date: Date,
  timeZone: string,
) {
  const bg = ctx.createLinearGradient(0, 0, CARD_WIDTH, CARD_HEIGHT);
  bg.addColorStop(0, '#1f6f78');
  bg.addColorStop(1, '#2c4f6e');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);

  // Breath rings.
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.10)';
  for (const r of [90, 150, 210]) {
    ctx.lineWidth = 14;
    ctx.beginPath();
    ctx.arc(700, 110, r, 0, Math.PI * 2);
    ctx.stroke();
  }

  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#cde9e6';
  ctx.font = `600 24px ${FONT}`;
  ctx.fillText('Pneuma', 48, 70);
  ctx.fillStyle = '#ffffff';
  ctx.font = `700 44px ${FONT}`;
  ctx.fillText('My breathing practice', 48, 128, 620);

  figure(
    ctx,
    48,
    170,
    String(stats.totalSessions),
    stats.totalSessions === 1 ? 'session' : 'sessions',
  );
  figure(
    ctx,
    226,
    170,
    String(stats.totalMinutes),
    stats.totalMinutes === 1 ? 'minute' : 'minutes',
  );
  figure(ctx, 404, 170, String(stats.currentStreak), 'day streak');
  figure(ctx, 582, 170, `${stats.weeklyGoalProgress}%`, 'weekly goal');

  ctx.fillStyle = '#ffffff';
  ctx.font = `500 26px ${FONT}`;
  let y = 370;
  if (stats.favoritePattern) {
    ctx.fillText(`Favorite pattern: ${stats.favoritePattern}`, 48, y, 704);
    y += 46;
  }
  // No score on the card: a shared image shows what was breathed, never a grade (issue 44).
  if (stats.thisWeek > 0)
    ctx.fillText(
      `${stats.thisWeek} ${stats.thisWeek === 1 ? 'session' : 'sessions'} this week`,
      48,
      y,
      704,
    );

  ctx.fillStyle = '#cde9e6';
  ctx.font = `400 20px ${FONT}`;
  ctx.fillText(`${dayKey(date, timeZone)} · counted from my own sessions`, 48, 560, 704);
}

/** The card as a PNG blob. */
export async function statsCardBlob(
  stats: ShareStats,
  date: Date,
  timeZone: string,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = CARD_WIDTH;
  canvas.height = CARD_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the card (no canvas).');
  drawStatsCard(ctx, stats, date, timeZone);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('This browser could not turn the card into a PNG image.');
  return blob;
}

/** Saves the card as a download; resolves with its file name. */
export async function downloadStatsCard(
  stats: ShareStats,
  date: Date,
  timeZone: string,
): Promise<string> {
  const blob = await statsCardBlob(stats, date, timeZone);
  const name = cardFileName(date, timeZone);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Let the download start before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
