import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium';
import { e2eEnv } from './support/e2e-env';
import { paced } from './support/pace';
import { oneProjectSpecs } from './support/project-specs';

// A phone-only spec is not started on the desktop project only to be skipped there, nor a desktop-only one on the phone.
const { phoneOnly, desktopOnly } = oneProjectSpecs(import.meta.dirname);
const launchOptions = { executablePath: chromiumPath(), args: chromiumArgs({ fakeCamera: true, allowCamera: true }) };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './.artifacts/results',
  fullyParallel: true,
  // Two workers on two cores. Three were tried (decision 111): the specs share one app server and its four job
  // workers, and with three at once a test's generation waited over a minute behind the autopilot's slow answers.
  workers: 2,
  // No retries: a flaky test is fixed or removed with its reason, not run again until it passes.
  retries: 0,
  // A hung test's deadline, never a speed limit: on a machine measured slower than the reference, longer by as much
  // (decision 185; e2e/run.ts measures it).
  timeout: paced(60_000),
  expect: { timeout: paced(10_000) },
  // CI also writes each test's time (the slowest specs in docs/benchmarks.md, "CI time").
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.artifacts/report.json' }]] : [['list']],
  use: {
    baseURL: e2eEnv.baseURL,
    // A trace records a screencast of every test while it runs: the browser's and its compositor's CPU went from 75 s
    // to 47 s over 42 tests without it. Locally a failing test keeps its trace; CI keeps only its printed output, so it
    // records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    reducedMotion: 'reduce',
    launchOptions,
    // The service worker answers the app's pages from its precache; specs that check the server's own answer
    // there (a 404's status, a page changed under it) run without it. The specs of the paths sellers run (first run,
    // connecting the marketplaces, capture) and the PWA's own allow it: e2e/support/service-worker.ts.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: phoneOnly,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    // The Pixel 7's layout and touch at one device pixel per CSS pixel: the same page, a seventh of the pixels for
    // Chromium's software raster to paint (no GPU here; decision 110).
    {
      name: 'phone',
      testIgnore: desktopOnly,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, launchOptions },
    },
  ],
  // The app servers run the bundle production runs; e2e/run.ts builds it first (only what changed).
  webServer: [
    {
      // The fake OpenAI-compatible provider the app's real SDK client talks to (fakes). It answers at once: a spec
      // that checks what the seller sees while a listing is being written delays those answers itself with the
      // `fake-delay:<ms>` marker (e2e/listings.spec.ts); E2E_FAKE_AI_LATENCY sets a delay for every answer.
      command: `node --import tsx fakes/openai-server.ts --port ${e2eEnv.fakeAiPort} --latency ${e2eEnv.fakeAiLatencyMs}`,
      cwd: e2eEnv.root,
      url: `http://127.0.0.1:${e2eEnv.fakeAiPort}/__admin/requests`,
      reuseExistingServer: false,
      timeout: paced(30_000),
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The fake eBay (consent page, token endpoint, Sell APIs checked against eBay's contracts); it redirects the
      // consent answer to the main app's /ebay-callback, as eBay does to the RuName's accept URL.
      command: [
        'node --import tsx fakes/ebay/ebay-server.ts',
        `--port ${e2eEnv.fakeEbayPort}`,
        `--callback ${e2eEnv.baseURL}/ebay-callback`,
        `--client-id ${e2eEnv.fakeEbayKeyset.clientId}`,
        `--client-secret ${e2eEnv.fakeEbayKeyset.clientSecret}`,
        `--ru-name ${e2eEnv.fakeEbayKeyset.ruName}`,
      ].join(' '),
      cwd: e2eEnv.root,
      url: `${e2eEnv.fakeEbayURL}/__control/state`,
      reuseExistingServer: false,
      timeout: paced(30_000),
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The fake Etsy (consent page, PKCE token endpoint, Open API v3 checked against Etsy's OpenAPI document).
      command: [
        'node --import tsx fakes/etsy/etsy-server.ts',
        `--port ${e2eEnv.fakeEtsyPort}`,
        `--keystring ${e2eEnv.fakeEtsyKeyset.keystring}`,
        `--shared-secret ${e2eEnv.fakeEtsyKeyset.sharedSecret}`,
      ].join(' '),
      cwd: e2eEnv.root,
      url: `${e2eEnv.fakeEtsyURL}/__control/state`,
      reuseExistingServer: false,
      timeout: paced(30_000),
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Its log (warnings and errors) kept beside its data: a failing test's lines are printed by scripts/test-suites.mjs.
      command: `node dist/server/main.js >> "${e2eEnv.dataDir}.log"`,
      cwd: e2eEnv.root,
      url: `${e2eEnv.baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: paced(60_000),
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(e2eEnv.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: e2eEnv.baseURL,
        DATA_DIR: e2eEnv.dataDir,
        AUTH_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        AI_PROVIDER: 'openai',
        // The fake AI's listings are not checked against the labels (the basic server reads them): no OCR beside every spec.
        LABEL_READING: 'off',
        AI_BASE_URL: `http://127.0.0.1:${e2eEnv.fakeAiPort}/v1`,
        AI_API_KEY: 'fake-openai-key',
        AI_MODEL: 'gpt-fake',
        WORKERS: '4',
        // A spreadsheet of past sales over 200 rows is written by its job, a batch at a time (the import's progress).
        PAST_SALES_BATCH_ROWS: '200',
        EBAY_ENV: 'sandbox',
        EBAY_CLIENT_ID: e2eEnv.fakeEbayKeyset.clientId,
        EBAY_CLIENT_SECRET: e2eEnv.fakeEbayKeyset.clientSecret,
        EBAY_RU_NAME: e2eEnv.fakeEbayKeyset.ruName,
        EBAY_API_BASE: e2eEnv.fakeEbayURL,
        EBAY_APIZ_BASE: e2eEnv.fakeEbayURL,
        EBAY_APIM_BASE: e2eEnv.fakeEbayURL,
        EBAY_AUTH_BASE: e2eEnv.fakeEbayURL,
        ETSY_KEYSTRING: e2eEnv.fakeEtsyKeyset.keystring,
        ETSY_SHARED_SECRET: e2eEnv.fakeEtsyKeyset.sharedSecret,
        ETSY_API_BASE: e2eEnv.fakeEtsyURL,
        ETSY_OAUTH_BASE: e2eEnv.fakeEtsyURL,
        // E2E_DATABASE_URL runs the main app on PostgreSQL (its own database: the basic app keeps PGlite, since
        // servers sharing a database must share their storage too, and these two each have their own DATA_DIR).
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      },
    },
    {
      // The same app with no provider keys at all: the offline basic provider must write a listing with no AI service,
      // and the simulated eBay stands in for eBay.
      command: `node dist/server/main.js >> "${e2eEnv.dataDir}-basic.log"`,
      cwd: e2eEnv.root,
      url: `${e2eEnv.basicBaseURL}/api/health`,
      reuseExistingServer: false,
      timeout: paced(60_000),
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(e2eEnv.basicPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: e2eEnv.basicBaseURL,
        // Reached at localhost too, as a laptop is (the simulations' consent pages follow the address
        // the seller uses; e2e/connect-simulated.spec.ts).
        ALLOWED_HOSTS: 'localhost',
        DATA_DIR: `${e2eEnv.dataDir}-basic`,
        AUTH_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        AI_PROVIDER: 'basic',
        WORKERS: '2',
        // e2e/webpush.spec.ts's phone is the fake push service on http://127.0.0.1: only a test server may push there.
        PUSH_TEST_LOOPBACK: '1',
        // No eBay keys either, as on a newcomer's laptop: it runs the simulated eBay (the same fake, in-process), and
        // the offline drafts publish to it (bulk publish on basic; e2e/simulated-ebay.spec.ts).
      },
    },
  ],
});
