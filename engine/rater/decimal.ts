/**
 * Exact decimal arithmetic for money and rating factors, on BigInt fixed point (12 decimal places).
 * Binary floating point cannot hold 0.1 or 1.15 exactly, and a premium that differs by a cent between
 * the browser and the server is a support call; BigInt behaves the same in every JavaScript runtime.
 * Products and quotients are rounded half away from zero at the 12th decimal, far below a cent.
 */
const PLACES = 12;
const SCALE = 10n ** BigInt(PLACES);

export class Decimal {
  /** The value times 10^12. */
  readonly units: bigint;

  private constructor(units: bigint) {
    this.units = units;
  }

  static readonly ZERO = new Decimal(0n);
  static readonly ONE = new Decimal(SCALE);
  static readonly HUNDRED = new Decimal(100n * SCALE);

  /**
   * From a decimal string ('1234.50', '-0.035', '1e6') or a JSON number. A number goes through its
   * shortest round-trip text, which is the text the JSON author wrote (1.15 stays 1.15).
   */
  static from(value: string | number | bigint | Decimal): Decimal {
    if (value instanceof Decimal) return value;
    if (typeof value === 'bigint') return new Decimal(value * SCALE);
    if (typeof value === 'number') {
      // Rating tables repeat the same few hundred numbers: parse each once.
      const cached = NUMBER_CACHE.get(value);
      if (cached) return cached;
      if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
      const decimal = new Decimal(parseUnits(String(value)));
      if (NUMBER_CACHE.size >= NUMBER_CACHE_LIMIT) NUMBER_CACHE.clear();
      NUMBER_CACHE.set(value, decimal);
      return decimal;
    }
    return new Decimal(parseUnits(value.trim()));
  }

  /** Whether a text or number can be read as a decimal (for validation without a throw). */
  static isDecimal(value: unknown): boolean {
    if (typeof value === 'number') return Number.isFinite(value);
    return typeof value === 'string' && DECIMAL_TEXT.test(value.trim());
  }

  plus(other: Decimal): Decimal {
    return new Decimal(this.units + other.units);
  }

  minus(other: Decimal): Decimal {
    return new Decimal(this.units - other.units);
  }

  times(other: Decimal): Decimal {
    return new Decimal(divideRounded(this.units * other.units, SCALE));
  }

  dividedBy(other: Decimal): Decimal {
    if (other.units === 0n) throw new RangeError('division by zero');
    return new Decimal(divideRounded(this.units * SCALE, other.units));
  }

  negated(): Decimal {
    return new Decimal(-this.units);
  }

  compare(other: Decimal): -1 | 0 | 1 {
    return this.units < other.units ? -1 : this.units > other.units ? 1 : 0;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  isNegative(): boolean {
    return this.units < 0n;
  }

  /** Rounded half away from zero to `places` decimals (the usual rounding of money). */
  round(places: number): Decimal {
    const step = 10n ** BigInt(PLACES - places);
    return new Decimal(divideRounded(this.units, step) * step);
  }

  /** The text with exactly `places` decimals, rounded half away from zero: toFixed(2) is '1234.50'. */
  toFixed(places: number): string {
    if (places > PLACES) throw new RangeError(`at most ${PLACES} decimals`);
    const rounded = divideRounded(this.units, 10n ** BigInt(PLACES - places));
    const negative = rounded < 0n;
    const digits = (negative ? -rounded : rounded).toString().padStart(places + 1, '0');
    const whole = digits.slice(0, digits.length - places);
    const fraction = places ? `.${digits.slice(digits.length - places)}` : '';
    return `${negative ? '-' : ''}${whole}${fraction}`;
  }

  /** The shortest exact text ('1.15', '1000000', '-0.5'). */
  toString(): string {
    const text = this.toFixed(PLACES);
    return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  }

  /** For display and comparisons with plain numbers; never for arithmetic on money. */
  toNumber(): number {
    return Number(this.toString());
  }

  static min(a: Decimal, b: Decimal): Decimal {
    return a.compare(b) <= 0 ? a : b;
  }

  static max(a: Decimal, b: Decimal): Decimal {
    return a.compare(b) >= 0 ? a : b;
  }

  static sum(values: Decimal[]): Decimal {
    return values.reduce((total, value) => total.plus(value), Decimal.ZERO);
  }
}

const NUMBER_CACHE = new Map<number, Decimal>();
const NUMBER_CACHE_LIMIT = 10_000;

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

function parseUnits(text: string): bigint {
  const match = DECIMAL_TEXT.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`not a decimal: ${JSON.stringify(text)}`);
  const [, sign, wholeText = '', fraction = '', exponentText] = match;
  const exponent = exponentText ? Number(exponentText) : 0;
  // Shift the decimal point by the exponent, then to 12 places, rounding what falls beyond.
  const whole = wholeText.replace(/^0+/, '');
  let digits = `${whole}${fraction}`;
  let point = whole.length + exponent; // digits before the decimal point
  if (point < 0) {
    digits = `${'0'.repeat(-point)}${digits}`;
    point = 0;
  }
  const scaledPoint = point + PLACES;
  let units: bigint;
  if (digits.length <= scaledPoint) units = BigInt(`${digits}${'0'.repeat(scaledPoint - digits.length)}` || '0');
  else {
    const kept = BigInt(digits.slice(0, scaledPoint) || '0');
    units = digits[scaledPoint]! >= '5' ? kept + 1n : kept;
  }
  return sign === '-' ? -units : units;
}

/** a / b rounded half away from zero (b > 0 or b < 0). */
function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  let quotient = absA / absB;
  if ((absA % absB) * 2n >= absB) quotient += 1n;
  return negative ? -quotient : quotient;
}
