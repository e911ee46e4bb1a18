export interface Timing {
  name: string;
  value: string;
  goal?: boolean;
  goalText?: string;
}

export interface AppTimings {
  users: number;
  runs: number;
  timings: Timing[];
}

export function measureApp(_options: {
  buildDir: string;
  dataDir: string;
  port: number;
  users: number;
}): Promise<AppTimings> {
  return Promise.resolve({ users: 0, runs: 0, timings: [] });
}
