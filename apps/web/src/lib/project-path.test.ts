import { describe, expect, it } from 'vitest';
import { pathSegment, projectPath } from './project-path';

const project = {
  id: 42,
  name: '  Prestige Lake Ridge ',
  tags: ['Trending'],
  city: { name: 'Bengaluru' },
  zone: { name: 'South Bengaluru' },
  location: { name: 'Uttarahalli' },
};

describe('projectPath', () => {
  it('builds the property details path from lower-cased, hyphenated segments', () => {
    expect(projectPath(project)).toBe('/properties/bengaluru/south-bengaluru/uttarahalli/prestige-lake-ridge/42');
  });
  it('goes to the pre-launch page for upcoming launches', () => {
    expect(projectPath({ ...project, tags: ['Upcoming Launches'] })).toMatch(/^\/prelaunch\/bengaluru\//);
  });
  it("uses 'unknown' for a missing zone", () => {
    expect(projectPath({ ...project, zone: null })).toBe('/properties/bengaluru/unknown/uttarahalli/prestige-lake-ridge/42');
  });
});

describe('pathSegment', () => {
  it('keeps a slash inside a name from splitting the path', () => {
    expect(pathSegment('Phase 1/2')).toBe('phase-1%2F2');
  });
  it("is 'unknown' for blank values", () => {
    expect(pathSegment('   ')).toBe('unknown');
    expect(pathSegment(undefined)).toBe('unknown');
  });
});
