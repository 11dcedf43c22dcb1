{{/*
Names
*/}}
{{- define "metadata-store.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "metadata-store.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "metadata-store.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Labels. The server pods carry component=server; the migrate Job's pods carry component=migrate,
so the Service, the PodDisruptionBudget and the ServiceMonitor never select a migrate pod.
*/}}
{{- define "metadata-store.commonLabels" -}}
helm.sh/chart: {{ include "metadata-store.chart" . }}
app.kubernetes.io/name: {{ include "metadata-store.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ default .Chart.AppVersion .Values.image.tag | trunc 63 | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: metadata-store
{{- end }}

{{- define "metadata-store.selectorLabels" -}}
app.kubernetes.io/name: {{ include "metadata-store.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: server
{{- end }}

{{- define "metadata-store.labels" -}}
{{ include "metadata-store.commonLabels" . }}
app.kubernetes.io/component: server
{{- end }}

{{/*
Image reference: repository@digest when a digest is set, else repository:tag (tag defaults to
the chart's appVersion).
*/}}
{{- define "metadata-store.image" -}}
{{- if .Values.image.digest -}}
{{ printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else -}}
{{ printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end -}}
{{- end }}

{{/*
An environment variable's value as a string. Helm reads numbers in values files as float64,
which would print large ones as 3.3554432e+07; whole floats are printed as integers.
*/}}
{{- define "metadata-store.envValue" -}}
{{- if kindIs "float64" . -}}
{{ int64 . }}
{{- else -}}
{{ toString . }}
{{- end -}}
{{- end }}

{{/* int or percentage string, for PodDisruptionBudget fields */}}
{{- define "metadata-store.intOrString" -}}
{{- if kindIs "string" . -}}
{{ . | quote }}
{{- else -}}
{{ int64 . }}
{{- end -}}
{{- end }}

{{/* Container port, probes and Service target all follow config.PORT. */}}
{{- define "metadata-store.port" -}}
{{ int (include "metadata-store.envValue" .Values.config.PORT) }}
{{- end }}

{{/* BASE_PATH as the service normalizes it: "lineage", "/lineage/" -> "/lineage"; unset -> "" */}}
{{- define "metadata-store.basePath" -}}
{{- $base := trimAll "/" (include "metadata-store.envValue" (default "" .Values.config.BASE_PATH)) -}}
{{- if $base }}/{{ $base }}{{ end -}}
{{- end }}

{{- define "metadata-store.portName" -}}
{{ if .Values.tls.enabled }}https{{ else }}http{{ end }}
{{- end }}

{{- define "metadata-store.probeScheme" -}}
{{ if .Values.tls.enabled }}HTTPS{{ else }}HTTP{{ end }}
{{- end }}

{{/*
Security contexts, shared by the Deployment and the migrate Job.
*/}}
{{- define "metadata-store.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .Values.podSecurityContext.runAsUser }}
runAsGroup: {{ .Values.podSecurityContext.runAsGroup }}
fsGroup: {{ .Values.podSecurityContext.fsGroup }}
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{- define "metadata-store.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .Values.podSecurityContext.runAsUser }}
runAsGroup: {{ .Values.podSecurityContext.runAsGroup }}
privileged: false
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop:
    - ALL
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{/*
DATABASE_URL from the operator's Secret (never rendered into the ConfigMap).
*/}}
{{- define "metadata-store.databaseEnv" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ required "database.existingSecret is required: the name of an existing Secret holding the PostgreSQL URL" .Values.database.existingSecret }}
      key: {{ .Values.database.secretKey }}
{{- if include "metadata-store.databaseCa" . }}
- name: DATABASE_CA_FILE
  value: {{ printf "%s/%s" (include "metadata-store.databaseCaMountPath" .) .Values.database.ca.key | quote }}
{{- end }}
{{- end }}

{{/*
PostgreSQL's CA bundle (database.ca.*): non-empty when one is configured.
*/}}
{{- define "metadata-store.databaseCa" -}}
{{- if and .Values.database.ca.secretName .Values.database.ca.configMapName }}
{{- fail "database.ca: set secretName or configMapName, not both" }}
{{- end }}
{{- if or .Values.database.ca.secretName .Values.database.ca.configMapName }}true{{ end }}
{{- end }}

{{- define "metadata-store.databaseCaMountPath" -}}
/etc/metadata-store/database-ca
{{- end }}

{{- define "metadata-store.databaseCaMount" -}}
{{- if include "metadata-store.databaseCa" . }}
- name: database-ca
  mountPath: {{ include "metadata-store.databaseCaMountPath" . }}
  readOnly: true
{{- end }}
{{- end }}

{{- define "metadata-store.databaseCaVolume" -}}
{{- if include "metadata-store.databaseCa" . }}
- name: database-ca
  {{- if .Values.database.ca.secretName }}
  secret:
    secretName: {{ .Values.database.ca.secretName }}
  {{- else }}
  configMap:
    name: {{ .Values.database.ca.configMapName }}
  {{- end }}
{{- end }}
{{- end }}

{{/*
The `config` map as inline env entries (for the migrate hook Job, which runs before the
ConfigMap exists on a first install). Empty values are left out.
*/}}
{{- define "metadata-store.configEnv" -}}
{{- range $name, $value := .Values.config }}
{{- $s := include "metadata-store.envValue" $value }}
{{- if ne $s "" }}
- name: {{ $name }}
  value: {{ $s | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/*
TLS: mount path, env and volume. Exactly one source: tls.secretName or tls.csi.driver.
*/}}
{{- define "metadata-store.tlsMountPath" -}}
/etc/metadata-store/tls
{{- end }}

{{- define "metadata-store.tlsEnv" -}}
- name: TLS_CERT_FILE
  value: {{ printf "%s/tls.crt" (include "metadata-store.tlsMountPath" .) | quote }}
- name: TLS_KEY_FILE
  value: {{ printf "%s/tls.key" (include "metadata-store.tlsMountPath" .) | quote }}
{{- end }}

{{- define "metadata-store.tlsVolume" -}}
{{- if and .Values.tls.secretName .Values.tls.csi.driver }}
{{- fail "tls: set either tls.secretName or tls.csi.driver, not both" }}
{{- else if .Values.tls.secretName }}
secret:
  secretName: {{ .Values.tls.secretName }}
  # 0440: readable by the pod's fsGroup, not by others
  defaultMode: 288
{{- else if .Values.tls.csi.driver }}
csi:
  driver: {{ .Values.tls.csi.driver }}
  readOnly: true
  {{- with .Values.tls.csi.volumeAttributes }}
  volumeAttributes:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- else }}
{{- fail "tls.enabled is true: set tls.secretName (a kubernetes.io/tls Secret) or tls.csi.driver" }}
{{- end }}
{{- end }}

{{/*
Refuse a grace period the drain cannot fit in: on SIGTERM the service keeps answering for
SHUTDOWN_DELAY_MS (readiness 503) and then drains for up to SHUTDOWN_TIMEOUT_MS. Empty values
mean the service defaults (5000 and 25000).
*/}}
{{- define "metadata-store.validateGracePeriod" -}}
{{- $delay := 5000 }}
{{- $raw := .Values.config.SHUTDOWN_DELAY_MS }}
{{- if not (or (kindIs "invalid" $raw) (eq (toString $raw) "")) }}
{{- $delay = int (include "metadata-store.envValue" $raw) }}
{{- end }}
{{- $timeout := 25000 }}
{{- $raw = .Values.config.SHUTDOWN_TIMEOUT_MS }}
{{- if not (or (kindIs "invalid" $raw) (eq (toString $raw) "")) }}
{{- $timeout = int (include "metadata-store.envValue" $raw) }}
{{- end }}
{{- $drainMs := add $delay $timeout }}
{{- $graceMs := mul (int .Values.terminationGracePeriodSeconds) 1000 }}
{{- if le $graceMs $drainMs }}
{{- fail (printf "terminationGracePeriodSeconds (%d s) must be longer than SHUTDOWN_DELAY_MS + SHUTDOWN_TIMEOUT_MS (%d ms)" (int .Values.terminationGracePeriodSeconds) $drainMs) }}
{{- end }}
{{- end }}

{{/* The relay's pods (relay.enabled): their own component, never selected by the store's Service. */}}
{{- define "metadata-store.relaySelectorLabels" -}}
app.kubernetes.io/name: {{ include "metadata-store.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: relay
{{- end }}
