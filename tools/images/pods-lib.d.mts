// Types of pods-lib.mjs (for its unit tests): manifests are plain objects as YAML parses them.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type Manifest = Record<string, any>;

export interface HttpProbe {
  url: string;
  periodSeconds: number;
  timeoutSeconds: number;
  failureThreshold: number;
}

export interface ContainerProbes {
  container: string;
  startup: HttpProbe | null;
  liveness: HttpProbe | null;
  readiness: HttpProbe | null;
  ports: Record<string, number>;
}

export const PLAYED_KINDS: readonly string[];
export const IGNORED_KINDS: Readonly<Record<string, string>>;
export const MIGRATIONS_COMPONENT: string;
export function parseManifests(text: string): Manifest[];
export function classify(docs: Manifest[]): {
  deployments: Map<string, Manifest>;
  configMaps: Manifest[];
  secrets: Manifest[];
  migrations: Manifest | null;
  ignored: { kind: string; name: string; reason: string }[];
};
export function podmanSecretData(secret: Manifest): string;
export function deploymentForPodman(deployment: Manifest): Manifest;
export function withHostDirectory(deployment: Manifest, dir: string, name?: string): Manifest;
export function migrationsPod(job: Manifest): Manifest;
export function containerProbes(deployment: Manifest): ContainerProbes[];
export function plainEnv(container: Manifest): Record<string, string>;
export function probePasses(status: number): boolean;
export function machineValues(options: {
  databaseUrl: string;
  redisUrl: string;
  kafkaBrokers: string;
  smtpUrl: string;
  publicUrl: string;
  apps: Record<string, number>;
  extraEnv?: Record<string, string>;
}): string;
