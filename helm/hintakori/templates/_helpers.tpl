{{/* Chart name, release-scoped full name and the labels every object carries. */}}
{{- define "hintakori.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "hintakori.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else if contains (include "hintakori.name" .) .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name (include "hintakori.name" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Name of one component's objects: <fullname>-<component>. Call with (dict "root" $ "component" "gateway"). */}}
{{- define "hintakori.componentName" -}}
{{- printf "%s-%s" (include "hintakori.fullname" .root) .component | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "hintakori.selectorLabels" -}}
app.kubernetes.io/name: {{ include "hintakori.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "hintakori.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
{{ include "hintakori.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: hintakori
{{- end -}}

{{/* Labels without a component (shared objects). */}}
{{- define "hintakori.commonLabels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "hintakori.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: hintakori
{{- end -}}

{{/*
An app's image, <registry>/<repository>/<name>:<tag> as `npm run images:build` tags it, pinned: by digest when
image.digests names one, else by an immutable tag (never latest), so IfNotPresent is right.
Call with (dict "root" $ "name" "catalog").
*/}}
{{- define "hintakori.image" -}}
{{- $image := .root.Values.image -}}
{{- $tag := default .root.Chart.AppVersion $image.tag -}}
{{- if eq $tag "latest" }}{{ fail "image tags must be pinned (a release tag or a digest), not latest" }}{{ end -}}
{{- $ref := printf "%s/%s:%s" $image.repository .name $tag -}}
{{- if $image.registry }}{{ $ref = printf "%s/%s" $image.registry $ref }}{{ end -}}
{{- $digest := get (default dict $image.digests) .name -}}
{{- if $digest }}{{ $ref = printf "%s@%s" $ref $digest }}{{ end -}}
{{- $ref -}}
{{- end -}}

{{- define "hintakori.secretName" -}}
{{- default (printf "%s-secrets" (include "hintakori.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "hintakori.smtpSecretName" -}}
{{- default (printf "%s-smtp" (include "hintakori.fullname" .)) .Values.smtp.existingSecret -}}
{{- end -}}

{{- define "hintakori.configName" -}}
{{- printf "%s-config" (include "hintakori.fullname" .) -}}
{{- end -}}

{{/* The pod-level security context and the /tmp emptyDir every container gets (read-only root filesystem). */}}
{{- define "hintakori.podSecurityContext" -}}
{{- toYaml .Values.podSecurityContext -}}
{{- end -}}

{{- define "hintakori.containerSecurityContext" -}}
{{- toYaml .Values.securityContext -}}
{{- end -}}

{{/* A NetworkPolicy peer list for an external dependency (kafka | postgresql | redis). */}}
{{- define "hintakori.dependencyPeers" -}}
{{- $np := .networkPolicy -}}
{{- if $np.cidrs }}
{{- range $np.cidrs }}
- ipBlock:
    cidr: {{ . }}
{{- end }}
{{- else if or $np.namespaceSelector $np.podSelector }}
- {{- if $np.namespaceSelector }}
  namespaceSelector:
    {{- toYaml $np.namespaceSelector | nindent 4 }}
  {{- end }}
  {{- if $np.podSelector }}
  podSelector:
    {{- toYaml $np.podSelector | nindent 4 }}
  {{- end }}
{{- else }}
- ipBlock:
    cidr: 0.0.0.0/0
{{- end }}
{{- end -}}

{{/*
A container's resources with the chart-wide ephemeral-storage request and limit added when it sets none
(its /tmp emptyDir, logs and writable layer count against it; without a limit one pod can fill a node's disk).
Call with (dict "root" $ "resources" $app.resources).
*/}}
{{- define "hintakori.resources" -}}
{{- $r := deepCopy (default dict .resources) -}}
{{- $requests := default dict $r.requests -}}
{{- $limits := default dict $r.limits -}}
{{- if not (hasKey $requests "ephemeral-storage") }}{{- $_ := set $requests "ephemeral-storage" .root.Values.ephemeralStorage.request -}}{{- end -}}
{{- if not (hasKey $limits "ephemeral-storage") }}{{- $_ := set $limits "ephemeral-storage" .root.Values.ephemeralStorage.limit -}}{{- end -}}
{{- $_ := set $r "requests" $requests -}}
{{- $_ := set $r "limits" $limits -}}
{{- toYaml $r -}}
{{- end -}}

{{/*
Scheduling of a replicated Deployment, so it survives a node or a zone going away: topology spread across zones and
nodes (ScheduleAnyway: a cluster with one zone or too few nodes still schedules everything) and a preferred pod
anti-affinity on the node; `affinity` from the values replaces the default anti-affinity.
Call with (dict "root" $ "component" "gateway"); renders pod-spec keys at the indentation of the caller (nindent 6).
*/}}
{{- define "hintakori.scheduling" -}}
{{- if .root.Values.topologySpread }}
topologySpreadConstraints:
  {{- range list "topology.kubernetes.io/zone" "kubernetes.io/hostname" }}
  - maxSkew: 1
    topologyKey: {{ . }}
    whenUnsatisfiable: ScheduleAnyway
    labelSelector:
      matchLabels:
        {{- include "hintakori.selectorLabels" $ | nindent 8 }}
  {{- end }}
{{- end }}
affinity:
{{- if .root.Values.affinity }}
  {{- toYaml .root.Values.affinity | nindent 2 }}
{{- else }}
  podAntiAffinity:
    preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 100
        podAffinityTerm:
          topologyKey: kubernetes.io/hostname
          labelSelector:
            matchLabels:
              {{- include "hintakori.selectorLabels" . | nindent 14 }}
{{- end }}
{{- with .root.Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .root.Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/*
The container that migrates one service's schema: its own image's docker/migrate.sh (the service's entry point with
HINTAKORI_MIGRATE_ONLY=true). Call with (dict "root" $ "service" "catalog" "secret" <migration secret name>).
*/}}
{{- define "hintakori.migrationContainer" -}}
{{- $root := .root -}}
- name: {{ printf "migrate-%s" .service }}
  image: {{ include "hintakori.image" (dict "root" $root "name" .service) }}
  imagePullPolicy: {{ $root.Values.image.pullPolicy }}
  command: ["/bin/sh", "/app/docker/migrate.sh"]
  env:
    - name: HINTAKORI_PROFILE
      value: distributed
    - name: HINTAKORI_MIGRATE_ONLY
      value: "true"
    - name: RUN_MIGRATIONS
      value: "true"
    - name: SEED_DEMO_DATA
      value: "false"
    - name: KAFKA_BROKERS
      value: {{ $root.Values.kafka.brokers | quote }}
    - name: LOG_FORMAT
      value: json
  # The job boots the service module (its DataSource runs the migrations), so it reaches the same PostgreSQL,
  # Redis and Kafka as the apps.
  envFrom:
    - secretRef:
        name: {{ default .secret $root.Values.secrets.existingSecret }}
  resources:
    {{- include "hintakori.resources" (dict "root" $root "resources" $root.Values.migrations.resources) | nindent 4 }}
  securityContext:
    {{- include "hintakori.containerSecurityContext" $root | nindent 4 }}
  volumeMounts:
    - name: tmp
      mountPath: /tmp
{{- end -}}
