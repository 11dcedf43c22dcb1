/** What a function does to the columns it is given, as far as column lineage cares. */

const AGGREGATES = new Set([
  'any_value', 'approx_distinct', 'approx_most_frequent', 'approx_percentile', 'approx_set', 'arbitrary',
  'array_agg', 'avg', 'bit_and', 'bit_or', 'bitwise_and_agg', 'bitwise_or_agg', 'bool_and', 'bool_or',
  'checksum', 'corr', 'count', 'count_if', 'covar_pop', 'covar_samp', 'every', 'geometric_mean',
  'histogram', 'json_agg', 'json_object_agg', 'jsonb_agg', 'jsonb_object_agg', 'kurtosis', 'listagg',
  'map_agg', 'map_union', 'max', 'max_by', 'min', 'min_by', 'mode', 'multimap_agg', 'percentile_cont',
  'percentile_disc', 'regr_intercept', 'regr_slope', 'set_agg', 'set_union', 'skewness', 'stddev',
  'stddev_pop', 'stddev_samp', 'string_agg', 'sum', 'var_pop', 'var_samp', 'variance', 'xmlagg',
]);

/** Functions whose result does not reveal their input (the spec's `masking`). */
const MASKING = new Set([
  'approx_distinct', 'checksum', 'count', 'count_if', 'crc32', 'hmac_md5', 'hmac_sha1', 'hmac_sha256',
  'hmac_sha512', 'md5', 'murmur3', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'spooky_hash_v2_32',
  'spooky_hash_v2_64', 'xxhash64',
]);

/** Functions that choose between their arguments: each argument is a value and a condition. */
const CHOOSERS = new Set(['coalesce', 'ifnull', 'nvl']);

export const isAggregate = (name: string) => AGGREGATES.has(name);
export const isMasking = (name: string) => MASKING.has(name);
export const isChooser = (name: string) => CHOOSERS.has(name);
/** `if(condition, then, else)` (Trino) and `nullif(value, other)`: the first/second argument decides. */
export const conditionArgument = (name: string): number | undefined =>
  name === 'if' ? 0 : name === 'nullif' ? 1 : undefined;
