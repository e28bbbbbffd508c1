import { describe, expect, it } from 'vitest'
import { auditDetailSentence } from './audit-sentences.ts'

describe('audit entries in words', () => {
	it('says what happened in a sentence, not as field dumps', () => {
		expect(auditDetailSentence('sign_in', { method: 'passkey' })).toBe('With a passkey.')
		expect(auditDetailSentence('sign_in.failed', { reason: 'unknown email' })).toBe('No operator has that email.')
		expect(auditDetailSentence('sign_in.failed', { reason: 'wrong password', during: 'password change' })).toBe(
			'The password was wrong (while changing their password).',
		)
		expect(auditDetailSentence('operator.role_changed', { from: 'admin', to: 'lead_manager' })).toBe(
			'From Admin to Lead manager.',
		)
		expect(auditDetailSentence('lead.status_changed', { from: 'unread', to: 'read', opened: true })).toBe(
			'From Unread to Read, on opening it.',
		)
		expect(
			auditDetailSentence('inbox.exported', { form: 'contact', status: null, from: null, to: null, searched: true }),
		).toBe('Contact messages, with a search.')
		expect(auditDetailSentence('inbox.exported', { form: 'contact', status: null, searched: false, contact: 12 })).toBe(
			'Exported 12 contact messages.',
		)
		expect(
			auditDetailSentence('inbox.exported', {
				form: null,
				status: 'attention',
				assigned: 'mine',
				searched: true,
				contact: 1,
				beta: 2,
				waitlist: 0,
				newsletter: 0,
			}),
		).toBe(
			'Exported 3 leads (1 contact message, 2 beta applications, 0 waitlist entries, 0 newsletter subscribers), status Needs attention, assigned to them, with a search.',
		)
		expect(auditDetailSentence('lead.assigned', { to: 'Ada' })).toBe('To Ada.')
		expect(auditDetailSentence('media.described', { alt: 'A sea' })).toBe('Now described as “A sea”.')
		expect(auditDetailSentence('notification.retried_all', { count: 1 })).toBe('1 message.')
		expect(
			auditDetailSentence('media.uploaded', {
				type: 'image/jpeg',
				width: 1600,
				height: 900,
				bytes: 245_000,
				duplicate: false,
			}),
		).toBe('JPEG, 1600×900 px, 239 KB.')
	})

	it('names the values of an action it has no sentence for, with none for an empty one', () => {
		expect(auditDetailSentence('something.new', { some_value: null, other: 3 })).toBe('some value: none, other: 3')
	})
})
