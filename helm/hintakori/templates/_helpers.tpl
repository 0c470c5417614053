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

{{- define "hintakori.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{- define "hintakori.webImage" -}}
{{- printf "%s:%s" .Values.webImage.repository (default .Chart.AppVersion .Values.webImage.tag) -}}
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
