import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyTrafficSource, IpCityTableError, loadIpCityTable, parseIpCityTable, parseUserAgent } from './visitor-facts';

const AGENTS = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windowsEdge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

describe('parseUserAgent', () => {
  it.each([
    ['iphone', 'mobile', 'iOS', 'Safari'],
    ['android', 'mobile', 'Android', 'Chrome'],
    ['ipad', 'tablet', 'iOS', 'Safari'],
    ['androidTablet', 'tablet', 'Android', 'Chrome'],
    ['mac', 'desktop', 'macOS', 'Safari'],
    ['windowsEdge', 'desktop', 'Windows', 'Microsoft Edge'],
    ['linuxFirefox', 'desktop', 'Linux', 'Firefox'],
  ] as const)('reads %s as a %s on %s with %s', (agent, deviceType, os, browser) => {
    expect(parseUserAgent(AGENTS[agent])).toMatchObject({ deviceType, os, browser, bot: false });
  });

  it('keeps versions', () => {
    expect(parseUserAgent(AGENTS.android)).toEqual({
      deviceType: 'mobile',
      os: 'Android',
      osVersion: '14',
      browser: 'Chrome',
      browserVersion: '126.0.6478.122',
      bot: false,
    });
  });

  it('takes a laptop hint only where the agent says desktop', () => {
    expect(parseUserAgent(AGENTS.windowsEdge, 'laptop').deviceType).toBe('laptop');
    expect(parseUserAgent(AGENTS.mac, 'Laptop').deviceType).toBe('laptop');
    expect(parseUserAgent(AGENTS.iphone, 'laptop').deviceType).toBe('mobile');
    expect(parseUserAgent(AGENTS.ipad, 'laptop').deviceType).toBe('tablet');
  });

  it('believes a tablet hint from a Mac agent (iPadOS Safari presents itself as a Mac) and no other contradiction', () => {
    expect(parseUserAgent(AGENTS.mac, 'tablet').deviceType).toBe('tablet');
    expect(parseUserAgent(AGENTS.windowsEdge, 'tablet').deviceType).toBe('desktop');
    expect(parseUserAgent(AGENTS.android, 'desktop').deviceType).toBe('mobile');
    expect(parseUserAgent(AGENTS.windowsEdge, 'mobile').deviceType).toBe('desktop');
  });

  it('ignores a hint that is not a device type', () => {
    expect(parseUserAgent(AGENTS.windowsEdge, 'smart-fridge').deviceType).toBe('desktop');
  });

  it('without an agent, takes the hint or says desktop, and knows nothing else', () => {
    expect(parseUserAgent(undefined)).toEqual({ deviceType: 'desktop', os: null, osVersion: null, browser: null, browserVersion: null, bot: false });
    expect(parseUserAgent('  ', 'mobile').deviceType).toBe('mobile');
  });

  it('flags a declared crawler and survives junk', () => {
    expect(parseUserAgent(AGENTS.googlebot)).toMatchObject({ bot: true, deviceType: 'desktop' });
    expect(parseUserAgent('curl/8.5.0')).toMatchObject({ deviceType: 'desktop', browser: null });
    expect(parseUserAgent('x'.repeat(100_000)).deviceType).toBe('desktop');
  });

  it('caps what a forged agent can put in a column', () => {
    const facts = parseUserAgent(`Mozilla/5.0 (Windows NT 10.0) Firefox/${'9'.repeat(200)}`);
    expect(facts.browserVersion?.length ?? 0).toBeLessThanOrEqual(40);
  });
});

const TABLE = `
# a comment, then blank lines

49.36.0.0/14,Mumbai
49.37.128.0/17,Pune          # nested inside Mumbai's block: the more specific one wins
49.37.200.0/24,-             # and inside that, a block nobody can place
103.21.124.0/22,Bengaluru
117.192.0.0/10,New Delhi
203.0.113.7,Chennai
2401:4900::/32,Bengaluru
2401:4900:1c00::/40,Hyderabad
`;

describe('the address -> city table', () => {
  const table = parseIpCityTable(TABLE);

  it.each([
    ['49.36.0.0', 'Mumbai'],
    ['49.39.255.255', 'Mumbai'],
    ['49.37.127.255', 'Mumbai'],
    ['49.37.128.0', 'Pune'],
    ['49.37.199.255', 'Pune'],
    ['49.37.200.12', null],
    ['49.37.201.0', 'Pune'],
    ['49.37.255.255', 'Pune'],
    ['49.40.0.0', null],
    ['49.35.255.255', null],
    ['103.21.127.1', 'Bengaluru'],
    ['117.200.3.4', 'New Delhi'],
    ['203.0.113.7', 'Chennai'],
    ['203.0.113.8', null],
    ['::ffff:103.21.124.9', 'Bengaluru'],
    ['2401:4900:1234::1', 'Bengaluru'],
    ['2401:4900:1c12:abcd::1', 'Hyderabad'],
    ['2401:4901::1', null],
    ['fe80::1%eth0', null],
    ['not an address', null],
    ['', null],
  ])('places %s in %s', (ip, city) => {
    expect(table.cityFor(ip)).toBe(city);
  });

  it('the built-in table places nobody, private and loopback addresses included', () => {
    const builtIn = loadIpCityTable();
    for (const ip of ['127.0.0.1', '10.2.3.4', '192.168.1.1', '172.16.0.1', '::1', '::ffff:127.0.0.1', 'fd00::1', '8.8.8.8', '2001:db8::1']) {
      expect(builtIn.cityFor(ip)).toBeNull();
    }
  });

  it('loads an operator file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ip-city-'));
    const file = path.join(dir, 'table.csv');
    writeFileSync(file, '10.0.0.0/8,Kochi\r\n10.1.0.0/16,-\r\n');
    const loaded = loadIpCityTable(file);
    expect(loaded.cityFor('10.2.0.1')).toBe('Kochi');
    expect(loaded.cityFor('10.1.0.1')).toBeNull();
  });

  it.each([
    ['10.0.0.0/8', 'line 1: expected "CIDR,city"'],
    ['10.0.0.0/33,Pune', 'line 1: "10.0.0.0/33" is not'],
    ['300.0.0.0/8,Pune', 'line 1: "300.0.0.0/8" is not'],
    ['\n2401:4900::/129,Pune', 'line 2: "2401:4900::/129" is not'],
    ['10.0.0.0/8,', 'line 1: the city is empty'],
  ])('refuses the bad line %j naming it', (text, message) => {
    expect(() => parseIpCityTable(text, 'table.csv')).toThrowError(IpCityTableError);
    expect(() => parseIpCityTable(text, 'table.csv')).toThrowError(`table.csv, ${message}`);
  });

  it('looks up in a time that hardly grows with the table (a binary search, not a scan)', () => {
    const tableOf = (step: number) => {
      const lines: string[] = [];
      for (let a = 1; a < 224; a += step) for (let b = 0; b < 256; b += 4) lines.push(`${a}.${b}.0.0/14,City ${a}-${b}`);
      return { table: parseIpCityTable(lines.join('\n')), ranges: lines.length };
    };
    const small = tableOf(64);
    const large = tableOf(1);
    expect(large.table.cityFor('100.9.1.1')).toBe('City 100-8');
    const addresses = Array.from({ length: 20_000 }, (_, i) => `${(i % 223) + 1}.${i % 256}.1.1`);
    // Best of three, so a moment of a busy machine does not decide.
    const time = (table: { cityFor(ip: string): string | null }) =>
      Math.min(
        ...[0, 1, 2].map(() => {
          const started = performance.now();
          for (const address of addresses) table.cityFor(address);
          return performance.now() - started;
        }),
      );
    time(large.table);
    // 64 times the ranges: a scan would take about 64 times as long; a binary search takes a few more steps.
    expect(large.ranges / small.ranges).toBeGreaterThan(50);
    expect(time(large.table) / time(small.table)).toBeLessThan(8);
  });
});

describe('classifyTrafficSource', () => {
  const own = 'nivaas.in';

  it.each([
    [undefined, '/', 'direct', null],
    ['', '/', 'direct', null],
    ['not a url', '/', 'direct', null],
    ['https://www.google.co.in/', '/', 'search', 'google.co.in'],
    ['https://www.bing.com/search?q=flats', '/', 'search', 'bing.com'],
    ['https://duckduckgo.com/', '/', 'search', 'duckduckgo.com'],
    ['https://search.yahoo.com/', '/', 'search', 'search.yahoo.com'],
    ['android-app://com.google.android.googlequicksearchbox/', '/', 'search', 'com.google.android.googlequicksearchbox'],
    ['https://mail.google.com/mail/u/0/', '/', 'referral', 'mail.google.com'],
    ['https://l.facebook.com/l.php?u=x', '/', 'social', 'l.facebook.com'],
    ['https://t.co/abc', '/', 'social', 't.co'],
    ['https://www.linkedin.com/', '/', 'social', 'linkedin.com'],
    ['android-app://com.whatsapp/', '/', 'social', 'com.whatsapp'],
    ['https://www.magicbricks.com/some/page?name=Asha', '/', 'referral', 'magicbricks.com'],
    ['https://nivaas.in/projects', '/projects/1', 'internal', 'nivaas.in'],
    ['https://www.nivaas.in/', '/', 'internal', 'nivaas.in'],
    ['https://www.google.com/', '/?utm_source=newsletter&utm_medium=email', 'campaign', 'google.com'],
    [undefined, 'https://nivaas.in/?gclid=abc', 'campaign', null],
    ['https://www.facebook.com/', '/?fbclid=xyz', 'social', 'facebook.com'],
    ['ftp://files.example.com/', '/', 'direct', null],
  ])('referrer %j landing on %j is %s', (referrer, landing, source, referrerHost) => {
    expect(classifyTrafficSource(referrer, landing, own)).toEqual({ source, referrerHost });
  });

  it('compares with the own host without its port', () => {
    expect(classifyTrafficSource('http://localhost:3000/', '/', 'localhost:3000').source).toBe('internal');
    expect(classifyTrafficSource('http://127.0.0.1:5173/', '/', '127.0.0.1:3000').source).toBe('internal');
    expect(classifyTrafficSource('http://[::1]:3000/', '/', '[::1]:3000').source).toBe('internal');
    expect(classifyTrafficSource('http://localhost.example/', '/', 'localhost').source).toBe('referral');
  });
});
