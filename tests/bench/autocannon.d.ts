/** The part of autocannon 9 the benches use (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
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

  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    /** Responses with another body are counted in `mismatches`. */
    expectBody?: string;
    /** Stop after this many requests. */
    amount?: number;
    /** Each `[<id>]` in the request (headers included) becomes a new id at every request. */
    idReplacement?: boolean;
  }

  interface Result {
    requests: Histogram;
    /** Milliseconds. */
    latency: Histogram;
    throughput: Histogram;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    /** Responses per status code. */
    statusCodeStats: Record<string, { count: number }>;
  }

  interface Instance extends PromiseLike<Result> {
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
