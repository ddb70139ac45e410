// Package model is camber-tui's shared vocabulary: CAMBER's 58 role slugs
// and what each implies (unit, status, percent, analog), the equipment class
// templates with their required and optional roles, facility ids, and the
// [Series] type the store returns and the analytics consume.
//
// It imports nothing of this module and holds no mutable state.
package model
