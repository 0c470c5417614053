import YAML from 'yaml';
import {
  classify,
  containerProbes,
  deploymentForPodman,
  IGNORED_KINDS,
  machineValues,
  migrationsPod,
  withHostDirectory,
  parseManifests,
  plainEnv,
  podmanSecretData,
  probePasses,
} from './pods-lib.mjs';

// A rendering in the shape `helm template` gives for helm/hintakori (trimmed to what pods-lib reads).
const RENDERED = `
---
# Source: hintakori/templates/configmap.yaml
apiVersion: v1
kind: ConfigMap
metadata: {name: r-hintakori-config}
data: {HINTAKORI_PROFILE: distributed}
---
apiVersion: v1
kind: Secret
metadata: {name: r-hintakori-secrets}
type: Opaque
stringData:
  DATABASE_URL: "postgres://u:p@127.0.0.1:5432/db"
data:
  EXTRA: ${Buffer.from('already-base64').toString('base64')}
---
apiVersion: v1
kind: Service
metadata: {name: r-hintakori-gateway}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: r-hintakori-gateway}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: r-hintakori-gateway
  labels: {app.kubernetes.io/component: gateway}
spec:
  replicas: 2
  template:
    metadata:
      labels: {app.kubernetes.io/component: gateway}
    spec:
      securityContext: {runAsUser: 10001}
      containers:
        - name: gateway
          image: hintakori/gateway:0.1.0
          args: [dist/apps/gateway/src/main.js]
          ports:
            - {name: http, containerPort: 3900}
            - {name: metrics, containerPort: 9900}
          env:
            - {name: PORT, value: "3900"}
            - name: POD_NAME
              valueFrom: {fieldRef: {fieldPath: metadata.name}}
          startupProbe:
            httpGet: {path: /api/health, port: http}
            periodSeconds: 5
            failureThreshold: 60
          livenessProbe:
            httpGet: {path: /api/health, port: http}
          readinessProbe:
            httpGet: {path: /api/ready, port: 3900}
            timeoutSeconds: 3
---
apiVersion: batch/v1
kind: Job
metadata:
  name: r-hintakori-migrations
  labels: {app.kubernetes.io/component: migrations}
spec:
  template:
    metadata:
      labels: {app.kubernetes.io/component: migrations}
    spec:
      restartPolicy: Never
      initContainers:
        - {name: migrate-catalog, image: hintakori/catalog:0.1.0}
      containers:
        - {name: migrate-alerts, image: hintakori/alerts:0.1.0}
`;

describe('pods-lib (what images:pods plays of the rendered chart)', () => {
  const docs = parseManifests(RENDERED);
  const gateway = () => {
    const deployment = classify(docs).deployments.get('gateway');
    if (!deployment) throw new Error('the fixture renders no gateway Deployment');
    return deployment;
  };
  const migrationsJob = () => {
    const job = classify(docs).migrations;
    if (!job) throw new Error('the fixture renders no migrations Job');
    return job;
  };

  it('sorts the rendering into played objects, secrets, the migrations Job and what is left out with a reason', () => {
    const sorted = classify(docs);
    expect([...sorted.deployments.keys()]).toEqual(['gateway']);
    expect(sorted.configMaps.map((c) => c.metadata.name)).toEqual(['r-hintakori-config']);
    expect(sorted.secrets).toHaveLength(1);
    expect(sorted.migrations?.metadata.name).toBe('r-hintakori-migrations');
    expect(sorted.ignored).toEqual([
      { kind: 'Service', name: 'r-hintakori-gateway', reason: IGNORED_KINDS.Service },
      { kind: 'PodDisruptionBudget', name: 'r-hintakori-gateway', reason: IGNORED_KINDS.PodDisruptionBudget },
    ]);
  });

  it('refuses a kind it neither plays nor knows to leave out, and a Deployment without a component', () => {
    expect(() => classify([{ kind: 'StatefulSet', metadata: { name: 'x' } }])).toThrow(/StatefulSet x: a kind pods.mjs neither plays nor knows/);
    expect(() => classify([{ kind: 'Deployment', metadata: { name: 'y', labels: {} } }])).toThrow(/Deployment y has no app.kubernetes.io\/component/);
  });

  it('names the document of a YAML error', () => {
    expect(() => parseManifests('kind: ConfigMap\nmetadata: {name: [unclosed\n')).toThrow(/not valid YAML/);
  });

  it('writes a Secret as the JSON of base64 values podman 4.3 reads back, stringData merged as the API server does', () => {
    const json = JSON.parse(podmanSecretData(classify(docs).secrets[0]));
    expect(Object.keys(json).sort()).toEqual(['DATABASE_URL', 'EXTRA']);
    expect(Buffer.from(json.DATABASE_URL, 'base64').toString()).toBe('postgres://u:p@127.0.0.1:5432/db');
    expect(Buffer.from(json.EXTRA, 'base64').toString()).toBe('already-base64');
  });

  it('puts each Deployment on the host network with one replica and no ports list, and leaves everything else as rendered', () => {
    const original = gateway();
    const played = deploymentForPodman(original);
    expect(played.spec.replicas).toBe(1);
    expect(played.spec.template.spec.hostNetwork).toBe(true);
    // Everything of the container but its ports list (podman 4.3 would publish it on the host network).
    const { ports, ...rest } = original.spec.template.spec.containers[0];
    expect(ports).toHaveLength(2);
    expect(played.spec.template.spec.containers).toEqual([rest]);
    expect(played.spec.template.spec.securityContext).toEqual({ runAsUser: 10001 });
    // The rendering itself is untouched.
    expect(original.spec.replicas).toBe(2);
    expect(original.spec.template.spec.hostNetwork).toBeUndefined();
    expect(original.spec.template.spec.containers[0].ports).toHaveLength(2);
  });

  it('mounts a host directory read-only at the same path beside what the chart mounts (the demo feeds for the worker)', () => {
    const played = withHostDirectory(deploymentForPodman(gateway()), '/data/feeds');
    expect(played.spec.template.spec.volumes).toEqual([{ name: 'demo-feeds', hostPath: { path: '/data/feeds', type: 'Directory' } }]);
    expect(played.spec.template.spec.containers[0].volumeMounts).toEqual([{ name: 'demo-feeds', mountPath: '/data/feeds', readOnly: true }]);
    expect(gateway().spec.template.spec.volumes).toBeUndefined();
  });

  it('plays the migrations Job as a Pod that runs once, its init containers in order, kept for their logs', () => {
    const pod = migrationsPod(migrationsJob());
    expect(pod).toMatchObject({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'r-hintakori-migrations', labels: { 'app.kubernetes.io/component': 'migrations' } },
    });
    expect(pod.metadata.annotations['io.podman.annotations.init.container.type']).toBe('always');
    expect(pod.spec.restartPolicy).toBe('Never');
    expect(pod.spec.hostNetwork).toBe(true);
    expect(pod.spec.initContainers.map((c: { name: string }) => c.name)).toEqual(['migrate-catalog']);
    expect(pod.spec.containers.map((c: { name: string }) => c.name)).toEqual(['migrate-alerts']);
  });

  it('resolves each probe to a URL on the host network, named ports included, with the kubelet defaults', () => {
    const [probes] = containerProbes(gateway());
    expect(probes.container).toBe('gateway');
    expect(probes.ports).toEqual({ http: 3900, metrics: 9900 });
    expect(probes.startup).toEqual({ url: 'http://127.0.0.1:3900/api/health', periodSeconds: 5, timeoutSeconds: 1, failureThreshold: 60 });
    expect(probes.liveness).toEqual({ url: 'http://127.0.0.1:3900/api/health', periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 });
    expect(probes.readiness).toEqual({ url: 'http://127.0.0.1:3900/api/ready', periodSeconds: 10, timeoutSeconds: 3, failureThreshold: 3 });
  });

  it('names a probe port that is not one of the container ports', () => {
    const deployment = structuredClone(gateway());
    deployment.spec.template.spec.containers[0].readinessProbe.httpGet.port = 'probe';
    expect(() => containerProbes(deployment)).toThrow(/container gateway: probe port "probe" is not one of its ports/);
  });

  it('passes a probe on 200-399 only, as a kubelet does', () => {
    expect([199, 200, 302, 399, 400, 503].map(probePasses)).toEqual([false, true, true, true, false, false]);
  });

  it('reads the plain env of a container (valueFrom left out)', () => {
    expect(plainEnv(gateway().spec.template.spec.containers[0])).toEqual({ PORT: '3900' });
  });

  it("writes this machine's values: addresses, a port per app, no rate limit", () => {
    const values = YAML.parse(
      machineValues({
        databaseUrl: 'postgres://h:h@127.0.0.1:1/db',
        redisUrl: 'redis://127.0.0.1:2',
        kafkaBrokers: '127.0.0.1:3',
        smtpUrl: 'smtp://127.0.0.1:4',
        publicUrl: 'http://localhost:3900',
        apps: { gateway: 3900, catalog: 3901 },
        extraEnv: { RPC_STALL_MS: '5000' },
      }),
    );
    expect(values).toEqual({
      secrets: { databaseUrl: 'postgres://h:h@127.0.0.1:1/db', redisUrl: 'redis://127.0.0.1:2' },
      kafka: { brokers: '127.0.0.1:3' },
      smtp: { url: 'smtp://127.0.0.1:4', publicUrl: 'http://localhost:3900' },
      config: { rateLimitPerMinute: 0, cookieSecure: false, extraEnv: { RPC_STALL_MS: '5000' } },
      apps: { gateway: { port: 3900 }, catalog: { port: 3901 } },
    });
  });
});
