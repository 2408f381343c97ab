import { describe, expect, it } from 'vitest'
import { parseExactJson, toBigInt } from './exact-json.ts'

describe('parseExactJson', () => {
  it.each([
    ['an object of every kind of value', '{"a":1,"b":-2.5,"c":"x","d":true,"e":false,"f":null,"g":[],"h":{}}'],
    ['nested arrays and objects', '[[1,[2,[3,{"k":[4,[]]}]]],{"a":{"b":{"c":[-0.125]}}}]'],
    ['whitespace everywhere JSON allows it', ' \n\t{ "a" : [ 1 , 2 ] ,\r\n "b" : { } } \n'],
    ['strings with digits, escapes and unicode', '["18446744073709551615","9007199254740993","a\\"b\\\\c\\/d\\n","\\u00e9\\ud83c\\udf3f","1e400",""]'],
    ['keys that look like numbers', '{"18446744073709551615":1,"0":2,"-1":3}'],
    ['safe integers, negative numbers, fractions and exponents', '[0,-0,1,-1,9007199254740991,-9007199254740991,0.1,-3.75,1e3,1E-3,2.5e+2,-1.5e-7,1e-300]'],
    ['duplicate keys, the last one winning', '{"a":1,"a":2}'],
    ['a bare value', '"just a string"'],
  ])('reads %s as JSON.parse does', (_name, text) => {
    expect(parseExactJson(text)).toStrictEqual(JSON.parse(text))
  })

  it.each([
    ['the largest uint64', '18446744073709551615', 18446744073709551615n],
    ['the first integer a double cannot tell from its neighbour', '9007199254740993', 9007199254740993n],
    ['2^53, which a double holds but cannot tell from 2^53 + 1', '9007199254740992', 9007199254740992n],
    ['a negative integer below -(2^53 - 1)', '-9007199254740993', -9007199254740993n],
    ['an integer written with an exponent', '1.8446744073709551615e19', 18446744073709551615n],
    ['an integer written with a fraction of zeros', '18446744073709551615.000', 18446744073709551615n],
    ['a big round integer', '1e20', 100000000000000000000n],
  ])('keeps %s exact as a bigint', (_name, text, exact) => {
    expect(parseExactJson(text)).toBe(exact)
    expect(parseExactJson(`{"amount":${text},"list":[${text}]}`)).toStrictEqual({ amount: exact, list: [exact] })
  })

  it.each([
    ['the largest safe integer', '9007199254740991', 9007199254740991],
    ['a safe integer written with an exponent', '1.5e3', 1500],
    ['a fraction beyond 2^53', '9007199254740993.5', 9007199254740994],
    ['a tiny fraction', '1.0000000000000000001', 1],
    ['an exponent too big for a bigint worth making', '1e999999', Infinity],
  ])('leaves %s a number', (_name, text, number) => {
    expect(parseExactJson(text)).toBe(number)
  })

  it('keeps "__proto__" an own key, as JSON.parse does, without touching the prototype', () => {
    const parsed = parseExactJson('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(Object.keys(parsed)).toEqual(['__proto__', 'a'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it.each([
    ['empty text', ''],
    ['a trailing comma in an object', '{"a":1,}'],
    ['a trailing comma in an array', '[1,]'],
    ['a missing colon', '{"a" 1}'],
    ['an unquoted key', '{a:1}'],
    ['an unterminated string', '["abc'],
    ['an unterminated array', '[1,2'],
    ['a leading zero', '[01]'],
    ['a leading plus', '+1'],
    ['a lone minus', '-'],
    ['a bare fraction point', '1.'],
    ['a raw control character in a string', '"a\nb"'],
    ['a bad escape', '"\\x41"'],
    ['text after the value', '{"a":1} x'],
    ['NaN', 'NaN'],
    ['single quotes', "'a'"],
  ])('refuses %s with a SyntaxError, as JSON.parse does', (_name, text) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError)
    expect(() => parseExactJson(text)).toThrow(SyntaxError)
  })
})

describe('toBigInt', () => {
  it('widens a number and keeps a bigint', () => {
    expect(toBigInt(1000)).toBe(1000n)
    expect(toBigInt(18446744073709551615n)).toBe(18446744073709551615n)
  })
})
