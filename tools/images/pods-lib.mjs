// What `npm run images:pods` (tools/images/pods.mjs) does to the chart's rendering before podman plays it, kept free
// of podman and helm so the unit tests (pods-lib.spec.ts) check it on its own:
//   - which rendered objects podman 4.3's `kube play` takes (Deployment, ConfigMap; a Pod for the migrations Job),
//     which it cannot and why (Services, HPA, PDB, NetworkPolicy, Ingress, CronJob…), and the Secrets, which podman
//     4.3 reads from its own secret store (`podman secret create`, the JSON of the Secret's data) rather than from the
//     YAML;
//   - the one change to each pod: `hostNetwork: true` (tools/infra serves PostgreSQL, Redis and Kafka on 127.0.0.1
//     only, and Kafka advertises 127.0.0.1: a pod in a network namespace of its own could reach none of them), with
//     the containers' `ports` lists left out, which podman 4.3 would publish on the host and so refuses there;
//   - the probes of each container, with named ports resolved, for the script to run them as a kubelet would
//     (podman 4.3 ignores readinessProbe and startupProbe, and turns a livenessProbe into a curl healthcheck).
import YAML from 'yaml';

/** Kinds podman 4.3's `kube play` creates something from. */
export const PLAYED_KINDS = Object.freeze(['Deployment', 'ConfigMap']);

/** The rendered kinds not played, each with what stands in for it here (docs/operations.md lists the same). */
export const IGNORED_KINDS = Object.freeze({
  Service: 'no cluster DNS or virtual IPs: the pods are on the host network, each app on its own port of 127.0.0.1 (they talk over Kafka, not to each other)',
  HorizontalPodAutoscaler: 'no autoscaler: one pod per Deployment',
  PodDisruptionBudget: 'no voluntary evictions on one machine',
  NetworkPolicy: 'podman enforces no NetworkPolicy (and the pods are on the host network)',
  Ingress: 'no ingress controller: the API smoke talks to the gateway pod directly',
  CronJob: 'the nightly backup: `npm run db:backup` and the restore drill cover backups here',
  PersistentVolumeClaim: "the backup CronJob's volume (the CronJob is not played)",
  ServiceAccount: 'no Kubernetes API to authenticate to (the chart mounts no token anyway)',
  ServiceMonitor: 'a Prometheus Operator resource: /metrics is checked on each pod instead',
  PrometheusRule: 'a Prometheus Operator resource',
});

/** The helm hook that migrates the schemas: a Job, played as a Pod (podman 4.3 has no Job kind). */
export const MIGRATIONS_COMPONENT = 'migrations';

/** The rendered multi-document YAML as objects (empty documents dropped); a YAML error names the document. */
export function parseManifests(text) {
  const docs = [];
  for (const doc of YAML.parseAllDocuments(text)) {
    if (doc.errors.length) throw new Error(`the rendered chart is not valid YAML: ${doc.errors[0].message}`);
    const value = doc.toJS();
    if (value && typeof value === 'object') docs.push(value);
  }
  return docs;
}

const componentOf = (doc) => doc.metadata?.labels?.['app.kubernetes.io/component'];

/**
 * Sorts the rendered objects: what is played (Deployments by component, ConfigMaps), the Secrets (for podman's
 * secret store), the migrations Job and what is left out (with the reason). An unknown kind is an error, so a new
 * template cannot be skipped silently.
 */
export function classify(docs) {
  const result = { deployments: new Map(), configMaps: [], secrets: [], migrations: null, ignored: [] };
  for (const doc of docs) {
    const name = doc.metadata?.name ?? '(unnamed)';
    if (doc.kind === 'Deployment') {
      const component = componentOf(doc);
      if (!component) throw new Error(`Deployment ${name} has no app.kubernetes.io/component label`);
      result.deployments.set(component, doc);
    } else if (doc.kind === 'ConfigMap') result.configMaps.push(doc);
    else if (doc.kind === 'Secret') result.secrets.push(doc);
    else if (doc.kind === 'Job' && componentOf(doc) === MIGRATIONS_COMPONENT) result.migrations = doc;
    else if (IGNORED_KINDS[doc.kind]) result.ignored.push({ kind: doc.kind, name, reason: IGNORED_KINDS[doc.kind] });
    else throw new Error(`${doc.kind} ${name}: a kind pods.mjs neither plays nor knows to leave out (add it to IGNORED_KINDS with a reason)`);
  }
  return result;
}

/**
 * A Secret as podman 4.3's kube play reads it from its secret store: the JSON of a map of key → bytes (base64, as
 * Go's encoding/json writes []byte). `stringData` is merged into `data` as the API server does.
 */
export function podmanSecretData(secret) {
  const data = {};
  for (const [key, value] of Object.entries(secret.data ?? {})) data[key] = String(value);
  for (const [key, value] of Object.entries(secret.stringData ?? {})) data[key] = Buffer.from(String(value), 'utf8').toString('base64');
  return JSON.stringify(data);
}

/** A pod spec with the one change this machine needs: the host's network namespace (see the header). */
function onHostNetwork(spec) {
  return { ...spec, hostNetwork: true };
}

/**
 * A Deployment for kube play: the chart's, on the host network, one replica (the ports of a second would collide),
 * without the containers' `ports` list: podman 4.3 publishes every containerPort as a host port of the pod, which it
 * refuses on the host network ("PortMappings can only be used with Bridge or slirp4netns networking"); on the host
 * network a container's ports are the host's anyway. The probes are read from the rendering (containerProbes).
 */
export function deploymentForPodman(deployment) {
  const copy = structuredClone(deployment);
  copy.spec.replicas = 1;
  copy.spec.template.spec = onHostNetwork(copy.spec.template.spec);
  for (const container of [...(copy.spec.template.spec.initContainers ?? []), ...copy.spec.template.spec.containers]) delete container.ports;
  return copy;
}

/**
 * A Deployment (as deploymentForPodman made it) with a host directory mounted read-only into its containers at the
 * same path: the demo feed files for the feed-run worker, which a real deployment's feed sources serve over HTTP.
 */
export function withHostDirectory(deployment, dir, name = 'demo-feeds') {
  const copy = structuredClone(deployment);
  const spec = copy.spec.template.spec;
  spec.volumes = [...(spec.volumes ?? []), { name, hostPath: { path: dir, type: 'Directory' } }];
  for (const container of spec.containers) container.volumeMounts = [...(container.volumeMounts ?? []), { name, mountPath: dir, readOnly: true }];
  return copy;
}

/**
 * The migrations Job's pod (its init containers migrate one service each, in order, the container the last one) as
 * a Pod kube play runs once. Its init containers are kept after they ran ("always") so their logs can be read.
 */
export function migrationsPod(job) {
  const template = job.spec.template;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: job.metadata.name,
      labels: { ...template.metadata?.labels },
      annotations: { 'io.podman.annotations.init.container.type': 'always' },
    },
    spec: onHostNetwork({ ...structuredClone(template.spec), restartPolicy: 'Never' }),
  };
}

/** A probe's HTTP target with a named port resolved against the container's ports; null for no HTTP probe. */
function httpTarget(probe, container) {
  const get = probe?.httpGet;
  if (!get) return null;
  let port = get.port;
  if (typeof port === 'string' && !/^\d+$/.test(port)) {
    const named = (container.ports ?? []).find((p) => p.name === port);
    if (!named) throw new Error(`container ${container.name}: probe port "${port}" is not one of its ports`);
    port = named.containerPort;
  }
  return {
    url: `${(get.scheme ?? 'HTTP').toLowerCase()}://127.0.0.1:${Number(port)}${get.path ?? '/'}`,
    periodSeconds: probe.periodSeconds ?? 10,
    timeoutSeconds: probe.timeoutSeconds ?? 1,
    failureThreshold: probe.failureThreshold ?? 3,
  };
}

/** Each container's probes (startup, liveness, readiness) as URLs on the host network, and its ports by name. */
export function containerProbes(deployment) {
  return deployment.spec.template.spec.containers.map((container) => ({
    container: container.name,
    startup: httpTarget(container.startupProbe, container),
    liveness: httpTarget(container.livenessProbe, container),
    readiness: httpTarget(container.readinessProbe, container),
    ports: Object.fromEntries((container.ports ?? []).map((p) => [p.name ?? String(p.containerPort), p.containerPort])),
  }));
}

/** The env a container gets from its `env` list (plain values only), for checks and for naming ports. */
export function plainEnv(container) {
  return Object.fromEntries((container.env ?? []).filter((e) => e.value !== undefined).map((e) => [e.name, String(e.value)]));
}

/** Whether a status code passes an HTTP probe (kubelet: 200 ≤ status < 400). */
export const probePasses = (status) => status >= 200 && status < 400;

/**
 * The values this machine adds over deploy/values-<env>.yaml: where PostgreSQL, Redis, Kafka and the SMTP server
 * are, a port per app (they share the host's network), and what the API e2e needs of a test deployment (no rate
 * limit, the e2e's breaker timings). `apps` maps each app to its port.
 */
export function machineValues({ databaseUrl, redisUrl, kafkaBrokers, smtpUrl, publicUrl, apps, extraEnv = {} }) {
  return YAML.stringify({
    secrets: { databaseUrl, redisUrl },
    kafka: { brokers: kafkaBrokers },
    smtp: { url: smtpUrl, publicUrl },
    config: { rateLimitPerMinute: 0, cookieSecure: false, extraEnv },
    apps: Object.fromEntries(Object.entries(apps).map(([name, port]) => [name, { port }])),
  });
}
