/**
 * The part of autocannon's API the benchmarks use (the package ships no types, and @types/autocannon
 * is not a dependency we take on for one script).
 */
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path: string;
    headers?: Record<string, string>;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Cycled in order by each connection. */
    requests?: Request[];
    /** Run the load from this many worker threads, so the client does not share the server's thread. */
    workers?: number;
    timeout?: number;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
