// Makes sure a Chromium for the browser tests exists: CHROME_PATH, /usr/bin/chromium, or Debian's package
// installed here when we can run apt as root. Never skips the tests silently.
import { ensureDebianTool } from '../../scripts/ensure-debian-tool.mjs';

ensureDebianTool({
  who: 'e2e',
  name: 'Chromium',
  paths: [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'],
  installs: 'chromium fonts-noto-cjk',
  packages: 'chromium',
  installed: '/usr/bin/chromium',
  hint:
    'Install one (Debian/Ubuntu: `sudo apt-get install chromium`; elsewhere: `npx playwright install chromium`) ' +
    'and/or set CHROME_PATH to its executable',
});
