/**
 * A Chromium of its own for a camera test: the fake camera plays a given clip (or the
 * built-in test pattern), and the permission prompt is accepted or refused. Every request
 * the pages make is recorded so a test can prove that no picture ever left the device.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

export interface RecordedRequest {
  url: string;
  method: string;
  bytes: number;
  /** The body looks like a picture: a data URL, JPEG/PNG bytes or base64 of them. */
  carriesImage: boolean;
}

const IMAGE_MARKERS = ['data:image', '/9j/', 'iVBORw0KGgo'];

function describe(req: Request): RecordedRequest {
  const body = req.postDataBuffer();
  const text = body ? body.toString('latin1') : '';
  const binaryImage =
    !!body &&
    body.length > 3 &&
    ((body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) ||
      body.subarray(1, 4).toString() === 'PNG');
  return {
    url: req.url(),
    method: req.method(),
    bytes: body?.length ?? 0,
    carriesImage: binaryImage || IMAGE_MARKERS.some((m) => text.includes(m)),
  };
}

export interface CameraBrowser {
  context: BrowserContext;
  page: Page;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function launchCameraBrowser(opts: {
  baseURL: string;
  clip?: string;
  /** Refuse the camera permission instead of granting it. */
  deny?: boolean;
  serviceWorkers?: 'allow' | 'block';
  /**
   * A profile folder kept between launches: the browser's HTTP and code caches then keep
   * the compiled face detector, so a later launch starts faster. One browser at a time each.
   */
  profileDir?: string;
}): Promise<CameraBrowser> {
  const launch = {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      opts.deny ? '--deny-permission-prompts' : '--use-fake-ui-for-media-stream',
      ...(opts.clip ? [`--use-file-for-fake-video-capture=${opts.clip}`] : []),
    ],
  };
  const contextOptions = {
    baseURL: opts.baseURL,
    serviceWorkers: opts.serviceWorkers ?? 'block',
  } as const;
  let browser: Browser | null = null;
  let context: BrowserContext;
  if (opts.profileDir) {
    context = await chromium.launchPersistentContext(opts.profileDir, {
      ...launch,
      ...contextOptions,
    });
  } else {
    browser = await chromium.launch(launch);
    context = await browser.newContext(contextOptions);
  }
  const requests: RecordedRequest[] = [];
  context.on('request', (req) => requests.push(describe(req)));
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, requests, close: () => (browser ? browser.close() : context.close()) };
}
